import { contractsImports, contractsLayers, describeContractsImports } from './contracts-imports';

/**
 * libs/contracts' folder imports (contracts-imports.ts) against eslint.config.mjs's layers: none
 * runs back up a layer and none goes round a loop, between folders or between files.
 */
describe('libs/contracts folder imports', () => {
  it('has no import back up a layer and no cycle, and the picture says so', async () => {
    const picture = contractsImports(await contractsLayers());
    expect(picture.files).toBeGreaterThan(100);
    expect(picture.upward).toEqual([]);
    expect(picture.folderCycles).toEqual([]);
    expect(picture.fileCycles).toEqual([]);
    const text = describeContractsImports(picture);
    expect(text).toContain('Imports that run back up a layer: 0\nFolder cycles: 0\nFile cycles: 0');
    // Every folder the picture names lies in a layer (lint refuses a folder without one).
    const layered = new Set(picture.layers.flat().concat(''));
    expect(picture.edges.filter((e) => !layered.has(e.from) || !layered.has(e.to))).toEqual([]);
  });
});
