// Placeholder while the page is being written.
export default function ArticlePage() {
  return null;
}
