// PostCSS for the web app (Mantine's preset: rem(), light-dark(), breakpoints mixins).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
