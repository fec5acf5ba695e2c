import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPort';
import type { IIoK8sApimachineryPkgApisMetaV1LabelSelector as LabelSelector } from '@kubernetes-models/apimachinery/apis/meta/v1/LabelSelector';
import type { Manifest } from './manifests';

/** A pod as NetworkPolicies see it: its namespace, labels and named container ports. */
export type Pod = { namespace: string; labels: Record<string, string>; ports: { name?: string; containerPort: number; protocol?: string }[] };
/** A pod, or an address outside the cluster (PostgreSQL, Redis, the directory). */
export type Endpoint = Pod | { ip: string };
export type Connection = { from: Endpoint; to: Endpoint; port: number; protocol?: 'TCP' | 'UDP' };

/** A pod of every Deployment of a rendered kustomization, with its template's labels and ports. */
export function podsOf(objects: Manifest[]): Map<string, Pod> {
  const pods = new Map<string, Pod>();
  for (const object of objects) {
    // A Job's pod template sits where a Deployment's does (the migration Jobs).
    if (object.kind !== 'Deployment' && object.kind !== 'Job') continue;
    const template = (object as unknown as IDeployment).spec?.template;
    pods.set(object.metadata.name, {
      namespace: object.metadata.namespace ?? 'default',
      labels: template?.metadata?.labels ?? {},
      ports: (template?.spec?.containers ?? []).flatMap((c) => c.ports ?? []),
    });
  }
  return pods;
}

/** A pod of another namespace (the ingress controller, Prometheus), by its namespace's name. */
export const podIn = (namespace: string, labels: Record<string, string> = {}): Pod => ({ namespace, labels, ports: [] });

/** Whether labels satisfy a Kubernetes label selector (matchLabels and matchExpressions). */
export function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    const value = labels[key];
    if (operator === 'In' && !(has && values.includes(value as string))) return false;
    if (operator === 'NotIn' && has && values.includes(value as string)) return false;
    if (operator === 'Exists' && !has) return false;
    if (operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

const ipv4 = (ip: string): number => ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
function inCidr(ip: string, cidr: string): boolean {
  const [base = '', bits = '32'] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(ip) / size) === Math.floor(ipv4(base) / size);
}

const isPod = (endpoint: Endpoint): endpoint is Pod => 'labels' in endpoint;

/** Whether a peer of a rule in `policyNamespace` names the endpoint. */
function peerMatches(peer: INetworkPolicyPeer, endpoint: Endpoint, policyNamespace: string): boolean {
  if (peer.ipBlock) {
    if (isPod(endpoint)) return false; // pod addresses are the cluster's; ipBlocks here name outside hosts
    return inCidr(endpoint.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((cidr) => inCidr(endpoint.ip, cidr));
  }
  if (!isPod(endpoint)) return false;
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': endpoint.namespace })
    : endpoint.namespace === policyNamespace;
  return namespaceOk && selects(peer.podSelector, endpoint.labels);
}

/** Whether a rule's ports take the connection; a named port is looked up on the receiving pod. */
function portMatches(ports: INetworkPolicyPort[] | undefined, connection: Connection): boolean {
  if (!ports || ports.length === 0) return true;
  const protocol = connection.protocol ?? 'TCP';
  return ports.some((rule) => {
    if ((rule.protocol ?? 'TCP') !== protocol) return false;
    if (rule.port === undefined) return true;
    if (typeof rule.port === 'number') return rule.port === connection.port;
    const receiver = connection.to;
    return isPod(receiver) && receiver.ports.some((p) => p.name === rule.port && p.containerPort === connection.port);
  });
}

/**
 * Whether the NetworkPolicies of a rendered kustomization let a connection through, as a
 * cluster enforces them: the sending pod's Egress policies (when any selects it) must allow it to
 * the receiver and port, and the receiving pod's Ingress policies (when any selects it) must
 * allow it from the sender. Pods of other namespaces have no policies here (allowed on their side).
 */
export function allows(objects: Manifest[], connection: Connection): boolean {
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy') as unknown as (INetworkPolicy & { metadata: { namespace?: string } })[];
  const side = (pod: Endpoint, type: 'Ingress' | 'Egress', peer: Endpoint): boolean => {
    if (!isPod(pod)) return true;
    const selecting = policies.filter(
      (p) =>
        (p.metadata.namespace ?? 'default') === pod.namespace &&
        selects(p.spec?.podSelector, pod.labels) &&
        (p.spec?.policyTypes ?? ['Ingress']).includes(type),
    );
    if (selecting.length === 0) return true;
    return selecting.some((policy) => {
      const namespace = policy.metadata.namespace ?? 'default';
      const rules = (type === 'Ingress' ? policy.spec?.ingress : policy.spec?.egress) ?? [];
      return rules.some((rule) => {
        const peers = type === 'Ingress' ? (rule as { from?: INetworkPolicyPeer[] }).from : (rule as { to?: INetworkPolicyPeer[] }).to;
        const peerOk = !peers || peers.length === 0 || peers.some((p) => peerMatches(p, peer, namespace));
        return peerOk && portMatches(rule.ports, connection);
      });
    });
  };
  return side(connection.from, 'Egress', connection.to) && side(connection.to, 'Ingress', connection.from);
}
