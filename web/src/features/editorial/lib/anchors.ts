/** The reviews' section on the edit page: a review's notification links to it. */
export const REVIEWS_ANCHOR = 'reviews';
