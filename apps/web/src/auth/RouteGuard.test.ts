import { describe, expect, it } from 'vitest';
import { isPublicPath, topRouteName, workspaceLink } from './RouteGuard';

describe('the navigation guard', () => {
  it('lets login, register, registerInfoEdit and forget through without an authorization code', () => {
    for (const path of ['/', '/login', '/register', '/registerInfoEdit', '/forget'])
      expect(isPublicPath(path), path).toBe(true);
  });

  it('keeps the workspace, embedded pages and unknown paths behind the login page', () => {
    for (const path of ['/main', '/main/inHome', '/iframeBox', '/reportBackExportList', '/nowhere'])
      expect(isPublicPath(path), path).toBe(false);
  });

  it('names a route by its path lower-cased without slashes', () => {
    expect(topRouteName('/registerInfoEdit')).toBe('registerinfoedit');
    expect(topRouteName('/main/userCenter/editUserCenter')).toBe('main');
  });

  it('returns after sign-in only to a page of the workspace', () => {
    expect(workspaceLink('/main/purOrderManage/purchaseOrderEdit?poHeaderId=7')).toBe(
      '/main/purOrderManage/purchaseOrderEdit?poHeaderId=7',
    );
    for (const path of ['/main', '/main/', '//evil.example/main/x', 'https://evil.example/main/x', 3, null])
      expect(workspaceLink(path), String(path)).toBeNull();
  });
});
