// jsdom's origin is http://localhost and the tests build with BASE_PATH '/'.
export const apiUrl = (path: string): string => `http://localhost${path}`;
