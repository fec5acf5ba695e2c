import imageCompression from 'browser-image-compression';
import { isRecompressedImage, PNG_TO_JPEG_ABOVE_BYTES, recompressImage } from '../recompress-image';

jest.mock('browser-image-compression', () => ({ __esModule: true, default: jest.fn() }));
const compress = imageCompression as unknown as jest.Mock;

const file = (bytes: number, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type, lastModified: 1 });

describe('recompressImage (spec section 5)', () => {
  beforeEach(() => {
    compress.mockReset();
    compress.mockImplementation(
      async (input: File, options: { fileType: string }) => new File([new Uint8Array(Math.floor(input.size / 2))], input.name, { type: options.fileType }),
    );
  });

  it('recompresses JPEG, PNG and BMP images only', () => {
    expect(['image/jpeg', 'image/png', 'image/bmp'].map((type) => isRecompressedImage(file(1, 'x', type)))).toEqual([true, true, true]);
    expect(isRecompressedImage(file(1, 'x.pdf', 'application/pdf'))).toBe(false);
  });

  it('keeps the type at quality 0.8 by default (on the main thread), or the quality given', async () => {
    const photo = file(1000, 'photo.jpeg', 'image/jpeg');
    const out = await recompressImage(photo);
    expect(compress).toHaveBeenCalledWith(photo, { initialQuality: 0.8, fileType: 'image/jpeg', useWebWorker: false });
    expect(out).toMatchObject({ name: 'photo.jpeg', type: 'image/jpeg', size: 500 });
    await recompressImage(photo, 0.6);
    expect(compress).toHaveBeenLastCalledWith(photo, expect.objectContaining({ initialQuality: 0.6 }));
  });

  it('turns a PNG above 5,000,000 bytes into a JPEG named .jpg, and keeps a smaller PNG a PNG', async () => {
    expect(await recompressImage(file(PNG_TO_JPEG_ABOVE_BYTES + 1, 'scan.PNG', 'image/png'))).toMatchObject({ name: 'scan.jpg', type: 'image/jpeg' });
    expect(await recompressImage(file(PNG_TO_JPEG_ABOVE_BYTES, 'scan.png', 'image/png'))).toMatchObject({ name: 'scan.png', type: 'image/png' });
  });

  it('answers the original when recompressing does not make it smaller or fails', async () => {
    const bmp = file(100, 'scan.bmp', 'image/bmp');
    compress.mockResolvedValueOnce(file(100, 'scan.bmp', 'image/bmp'));
    expect(await recompressImage(bmp)).toBe(bmp);
    compress.mockRejectedValueOnce(new Error('cannot decode'));
    expect(await recompressImage(bmp)).toBe(bmp);
  });
});
