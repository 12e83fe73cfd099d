// POST /api/articles/{id}/view once per visit of an article (a ref keeps StrictMode's second run out).
import { useEffect, useRef } from 'react';
import { countView } from '../api/reading';

export function useViewCounter(articleId: string | undefined) {
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!articleId || counted.current === articleId) return;
    counted.current = articleId;
    countView(articleId).catch((error: unknown) => console.error('view count failed', error));
  }, [articleId]);
}
