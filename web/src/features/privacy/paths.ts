// The privacy notice's address (served by the render function like the other public pages).
export const PRIVACY_PATH = '/privacidade';
