// TanStack Query keys of the storyboard (Pautas).
import type { StoryboardTab } from '../../../../../shared/storyboard';

export const storyboardKeys = {
  all: () => ['storyboard'] as const,
  ideas: (tab: StoryboardTab) => ['storyboard', 'ideas', tab] as const,
  staff: () => ['storyboard', 'staff'] as const,
};
