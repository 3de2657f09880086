/**
 * The arguments the CLI tests start `toolgate serve` with: any free loopback port, a memory
 * store (nothing outlives the test), the test's project and, when given, its home.
 */
export function memoryServeArgs(project: string, home?: string): string[] {
  return ['serve', '--listen', '127.0.0.1:0', '--store', 'memory:', '--project', project, ...(home !== undefined ? ['--home', home] : [])];
}
