import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@clearing-desk/stack';

const LIMITS = ['StreamMaxLength', 'MaxScanSize', 'MaxFileSize', 'MaxRecursion', 'MaxFiles', 'AlertExceedsMax'];

/** The limit directives of a clamd.conf, by name. */
const limitsOf = (file: string) =>
  Object.fromEntries(
    readFileSync(path.join(REPO_ROOT, file), 'utf8')
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([name]) => LIMITS.includes(name ?? '')),
  );

/**
 * The clamd of docker/compose.yaml scans with the archive and size limits of the
 * shipped development configuration, which files-svc's scan-limits test proves against a zip bomb.
 */
describe('clamd archive and size limits', () => {
  it('are set in tools/clamav/clamd.conf, with MaxFileSize above MaxScanSize and alerts on', () => {
    expect(limitsOf('tools/clamav/clamd.conf')).toEqual({
      StreamMaxLength: '10M',
      MaxScanSize: '100M',
      MaxFileSize: '120M',
      MaxRecursion: '10',
      MaxFiles: '1000',
      AlertExceedsMax: 'yes',
    });
  });

  it('are the same for the compose clamav container and the Kubernetes clamav Deployment', () => {
    const shipped = limitsOf('tools/clamav/clamd.conf');
    expect(limitsOf('docker/clamd.conf')).toEqual(shipped);
    expect(readFileSync(path.join(REPO_ROOT, 'docker/compose.yaml'), 'utf8')).toContain('./clamd.conf:/etc/clamav/clamd.conf:ro');
    expect(limitsOf('deploy/kubernetes/base/clamav/clamd.conf')).toEqual(shipped);
    expect(readFileSync(path.join(REPO_ROOT, 'deploy/kubernetes/base/clamav/deployment.yaml'), 'utf8')).toMatch(
      /mountPath: \/etc\/clamav\/clamd\.conf\s+subPath: clamd\.conf/,
    );
  });
});
