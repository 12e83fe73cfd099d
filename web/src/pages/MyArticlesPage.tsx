// Placeholder while the page is being written.
export default function MyArticlesPage() {
  return null;
}
