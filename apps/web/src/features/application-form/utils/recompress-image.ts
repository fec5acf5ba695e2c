/** Quality uploads recompress images at (spec section 5). */
export const UPLOAD_IMAGE_QUALITY = 0.6;
/** A PNG larger than this becomes a JPEG when recompressed (spec section 5). */
export const PNG_TO_JPEG_ABOVE_BYTES = 5_000_000;

const RECOMPRESSED_TYPES = new Set(['image/jpeg', 'image/png', 'image/bmp']);

/** Whether a chosen file is an image that is recompressed before upload (JPEG, PNG, BMP). */
export const isRecompressedImage = (file: File): boolean => RECOMPRESSED_TYPES.has(file.type);

/**
 * Recompresses an image in the browser with browser-image-compression at `quality` (0.8 unless
 * given; uploads use UPLOAD_IMAGE_QUALITY): the EXIF orientation is applied to the pixels, so the
 * picture keeps its orientation; a PNG above PNG_TO_JPEG_ABOVE_BYTES becomes a JPEG (`.jpg`).
 * The library is loaded on first use (only image uploads need it) and runs on the main thread:
 * its web worker would load a copy of itself from a CDN, which the CSP refuses. Answers the
 * original when it is smaller or cannot be decoded (the server judges the file either way).
 */
export async function recompressImage(file: File, quality = 0.8): Promise<File> {
  const toJpeg = file.type === 'image/png' && file.size > PNG_TO_JPEG_ABOVE_BYTES;
  const fileType = toJpeg ? 'image/jpeg' : file.type;
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const compressed = await imageCompression(file, { initialQuality: quality, fileType, useWebWorker: false });
    if (!toJpeg && compressed.size >= file.size) return file;
    const name = toJpeg ? `${file.name.replace(/\.png$/i, '')}.jpg` : file.name;
    return new File([compressed], name, { type: fileType, lastModified: file.lastModified });
  } catch {
    return file;
  }
}
