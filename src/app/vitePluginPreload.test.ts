import { describe, expect, it } from 'vitest';
import { prefetchFiles, routeFiles, routeStyles, type ChunkInfo } from './vitePluginPreload';

const chunk = (fileName: string, o: Partial<ChunkInfo> = {}): ChunkInfo => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  ...o,
});

const bundle = {
  'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/react.js'] }),
  'assets/react.js': chunk('assets/react.js'),
  'assets/LabPage.js': chunk('assets/LabPage.js', {
    facadeModuleId: '/repo/src/ui/pages/LabPage.tsx',
    imports: ['assets/react.js', 'assets/lab.js'],
    viteMetadata: { importedCss: new Set(['assets/lab.css']) },
  }),
  'assets/lab.js': chunk('assets/lab.js', {
    viteMetadata: { importedCss: new Set(['assets/lab.css']) },
  }),
  'assets/lab.css': { type: 'asset' as const },
};

describe('route files', () => {
  it('lists a route’s chunks, without what the entry already loads, and no CSS', () => {
    expect(routeFiles(bundle, { lab: ['src/ui/pages/LabPage.tsx'] })).toEqual({
      lab: ['assets/LabPage.js', 'assets/lab.js'],
    });
  });

  it('names a page module the bundle has no chunk for', () => {
    expect(() => routeFiles(bundle, { editor: ['src/ui/pages/EditorPage.tsx'] })).toThrow(
      /EditorPage\.tsx \(route editor\)/,
    );
  });

  it('lists a route’s stylesheets once, without the entry’s', () => {
    const withEntryCss = {
      ...bundle,
      'assets/index.js': chunk('assets/index.js', {
        isEntry: true,
        imports: ['assets/react.js'],
        viteMetadata: { importedCss: new Set(['assets/index.css']) },
      }),
      'assets/react.js': chunk('assets/react.js', {
        viteMetadata: { importedCss: new Set(['assets/index.css']) },
      }),
    };
    expect(routeStyles(withEntryCss, { lab: ['src/ui/pages/LabPage.tsx'] })).toEqual({
      lab: ['assets/lab.css'],
    });
  });

  it('lists every screen’s files once for the idle prefetch, stylesheets included', () => {
    expect(prefetchFiles(bundle, { lab: ['src/ui/pages/LabPage.tsx'] })).toEqual([
      'assets/LabPage.js',
      'assets/lab.js',
      'assets/lab.css',
    ]);
  });
});
