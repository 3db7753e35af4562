/**
 * The requestheader configuration from the extension-apiserver-authentication ConfigMap, and the identity a front
 * proxy's headers carry (k8s.io/apiserver headerrequest): the first username header, every group value, extras by
 * prefix with %-unescaped lower-cased keys; own keys only.
 */
import { authenticationConfigFromConfigMap, userFromHeaders } from '@kubegen/apiserver';
import { makeCertificateAuthority } from '@kubegen/runtime/testing';

const ca = makeCertificateAuthority({ name: 'front-proxy-ca' }).cert;
const HEADERS = { usernameHeaders: ['X-Remote-User'], uidHeaders: ['X-Remote-Uid'], groupHeaders: ['X-Remote-Group'], extraHeaderPrefixes: ['X-Remote-Extra-'] };

describe('the ConfigMap', () => {
  it('reads the CA, the allowed names and the header names (JSON lists)', () => {
    const config = authenticationConfigFromConfigMap({
      'requestheader-client-ca-file': ca,
      'requestheader-allowed-names': '["front-proxy-client"]',
      'requestheader-username-headers': '["X-Remote-User"]',
      'requestheader-group-headers': '["X-Remote-Group"]',
      'requestheader-extra-headers-prefix': '["X-Remote-Extra-"]',
    });
    expect(config).toEqual({
      requestHeader: { clientCA: ca, allowedNames: ['front-proxy-client'], usernameHeaders: ['X-Remote-User'], uidHeaders: [], groupHeaders: ['X-Remote-Group'], extraHeaderPrefixes: ['X-Remote-Extra-'] },
    });
  });

  it('has no requestheader configuration without its CA, and a client CA when one is published', () => {
    expect(authenticationConfigFromConfigMap({ 'client-ca-file': ca })).toEqual({ clientCA: ca });
    expect(authenticationConfigFromConfigMap(undefined)).toEqual({});
  });

  const bad: Array<{ name: string; data: Record<string, unknown>; message: string }> = [
    { name: 'a list that is not JSON', data: { 'requestheader-client-ca-file': ca, 'requestheader-allowed-names': 'front-proxy-client' }, message: 'extension-apiserver-authentication: requestheader-allowed-names is not a JSON list of strings' },
    { name: 'a list of numbers', data: { 'requestheader-client-ca-file': ca, 'requestheader-group-headers': '[1]' }, message: 'extension-apiserver-authentication: requestheader-group-headers is not a JSON list of strings' },
    { name: 'a CA without a certificate', data: { 'requestheader-client-ca-file': 'nothing' }, message: 'extension-apiserver-authentication: requestheader-client-ca-file holds no PEM certificate' },
    { name: 'a value that is not a string', data: { 'client-ca-file': 5 }, message: 'extension-apiserver-authentication: client-ca-file is not a string' },
  ];
  it.each(bad)('refuses $name with one line naming the key', ({ data, message }) => {
    expect(() => authenticationConfigFromConfigMap(data)).toThrow(new Error(message));
  });

  it('reads own keys only', () => {
    expect(authenticationConfigFromConfigMap(Object.create({ 'requestheader-client-ca-file': ca }))).toEqual({});
  });
});

describe('the identity in the headers', () => {
  it('takes the first username, every group and the extras', () => {
    const user = userFromHeaders(
      { 'x-remote-user': ['alice'], 'x-remote-uid': ['u-1'], 'x-remote-group': ['dev', 'system:authenticated'], 'x-remote-extra-scopes': ['a', 'b'], 'x-remote-extra-acme.com%2fteam': ['blue'], authorization: ['x'] },
      HEADERS,
    );
    expect(user).toEqual({ name: 'alice', uid: 'u-1', groups: ['dev', 'system:authenticated'], extra: { scopes: ['a', 'b'], 'acme.com/team': ['blue'] } });
    expect(Object.getPrototypeOf(user?.extra)).toBeNull();
  });

  it('identifies nobody without a username, and skips empty values', () => {
    expect(userFromHeaders({ 'x-remote-group': ['dev'] }, HEADERS)).toBeUndefined();
    expect(userFromHeaders({ 'x-remote-user': [''], 'x-remote-group': ['', 'g'] }, HEADERS)).toBeUndefined();
    expect(userFromHeaders({ 'x-remote-user': ['bob'], 'x-remote-group': ['', 'g'] }, HEADERS)?.groups).toEqual(['g']);
  });

  it('keeps __proto__ as an ordinary extra key, and a key that does not unescape as sent', () => {
    const user = userFromHeaders({ 'x-remote-user': ['bob'], 'x-remote-extra-__proto__': ['p'], 'x-remote-extra-%zz': ['q'] }, HEADERS);
    expect(Object.keys(user?.extra ?? {})).toEqual(['__proto__', '%zz']);
    expect(Object.hasOwn(user?.extra ?? {}, '__proto__')).toBe(true);
  });
});
