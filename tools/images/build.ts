import path from 'node:path';
import { buildImage, IMAGES, type ImageName } from './images';

/**
 * `node --import tsx tools/images/build.ts <app> <folder>`: writes what the app's image carries
 * into the folder (docker/app.Dockerfile's build stage; images.ts). Prints its size.
 */
async function main(app: string | undefined, out: string | undefined) {
  if (!app || !(app in IMAGES) || !out) throw new Error(`usage: build.ts <${Object.keys(IMAGES).join('|')}> <folder>`);
  const image = await buildImage(app as ImageName, path.resolve(out));
  console.log(
    `${app}: ${image.entries.map((e) => `${e}.js`).join(', ')} (${(image.bytes / 1024 / 1024).toFixed(1)} MiB), ${image.packages.length} runtime packages: ${image.packages.join(' ') || 'none'}`,
  );
}

main(process.argv[2], process.argv[3]).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
