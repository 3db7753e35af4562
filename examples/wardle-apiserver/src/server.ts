/**
 * The wardle sample apiserver: the wardle.example.com group served from its generated package and CRDs — no storage
 * code of its own — with the sample's `BanFlunder` admission plugin.
 */
import * as path from 'node:path';
import * as wardle from '@kubegen-generated/wardle.example.com';
import { APIServer, apiGroupFromPackage, type APIServerOptions } from '@kubegen/apiserver';
import { readCrdFiles } from '@kubegen/runtime';
import { banFlunder } from './banflunder';

/** Where the generated package keeps its CRDs (the model the server reads). */
export const WARDLE_CRDS = path.dirname(require.resolve('@kubegen-generated/wardle.example.com/crds/wardle.example.com_flunders.yaml'));

/** The wardle apiserver over `options.storage`; `options.admission` replaces the sample's plugins. */
export function wardleAPIServer(options: Omit<APIServerOptions, 'groups' | 'admission'> & Partial<Pick<APIServerOptions, 'admission'>>): APIServer {
  return new APIServer({ admission: [banFlunder], ...options, groups: [apiGroupFromPackage(wardle, readCrdFiles([WARDLE_CRDS]))] });
}
