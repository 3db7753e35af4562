/**
 * The wardle sample's admission plugin, k8s.io/sample-apiserver's `BanFlunder` (pkg/admission/plugin/banflunder) for
 * `@kubegen/apiserver`: a Flunder may not be created under a name some Fischer lists in `disallowedFlunders`.
 *
 * As upstream, it is a mutating-phase plugin (Go's `Admit`) of Flunders on CREATE only — updates and deletes pass,
 * and creating a Fischer is never refused — that lists every Fischer (v1alpha1, as upstream's lister) and refuses with
 * 403 Forbidden: `flunders.wardle.example.com "<name>" is forbidden: this name may not be used, please change the
 * resource name`.
 *
 *   new APIServer({ groups: [wardleGroup], storage, admission: [banFlunder] });
 */
import { admissionPlugin, type AdmissionPluginFactory } from '@kubegen/apiserver';
import { AdmissionDenied } from '@kubegen/runtime/webhook/admission';
import { v1alpha1, v1beta1 } from '@kubegen-generated/wardle.example.com';

export const BAN_FLUNDER = 'BanFlunder';

export const banFlunder: AdmissionPluginFactory = ({ objects }) =>
  admissionPlugin<v1beta1.Flunder>({
    name: BAN_FLUNDER,
    kind: v1beta1.flunderAdmission,
    operations: ['CREATE'],
    defaulter: {
      async default(flunder) {
        const name = flunder.metadata?.name ?? '';
        for (const fischer of await objects.list(v1alpha1.fischerResource)) {
          if ((fischer.disallowedFlunders ?? []).includes(name)) throw new AdmissionDenied('this name may not be used, please change the resource name');
        }
      },
    },
  });
