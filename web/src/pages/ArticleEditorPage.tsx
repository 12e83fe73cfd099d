// Placeholder while the page is being written.
export default function ArticleEditorPage() {
  return null;
}
