/**
 * The Kubernetes CEL libraries of the CRD environment (`k8s.io/apiserver/pkg/cel/library` and the cel-go
 * extensions the apiserver enables), declared for @marcbachmann/cel-js where it lacks them: lists, regex, url,
 * quantity, ip, cidr, format, semver, strings v2, sets and lists v3.
 *
 * One list for both users: kubegen's generator type-checks rules against these declarations
 * (`generator/cel/check.ts`, imported as `@kubegen/runtime/validation/cel-library`), and the runtime's evaluator
 * (`./index.ts`) registers an implementation under each of them — a unit test holds the two to the same list.
 * Pure data: importing it loads neither cel-js nor the implementations.
 */

/** The Kubernetes object types of the libraries, by the name the checker reports. */
export const LIBRARY_TYPES = ['Quantity', 'URL', 'IP', 'CIDR', 'Semver', 'NamedFormat'] as const;

/** Namespaces that hold functions (`sets.contains`, `format.dns1123Label`, …): a constant of an opaque type. */
export const LIBRARY_NAMESPACES: Record<string, string> = { sets: 'SetsNamespace', format: 'FormatNamespace', lists: 'ListsNamespace', strings: 'StringsNamespace', ip: 'IpNamespace' };

export const FORMAT_NAMES: readonly string[] = [
  'dns1123Label',
  'dns1123Subdomain',
  'dns1035Label',
  'qualifiedName',
  'dns1123LabelPrefix',
  'dns1123SubdomainPrefix',
  'dns1035LabelPrefix',
  'labelValue',
  'uri',
  'uuid',
  'byte',
  'date',
  'datetime',
];

/**
 * The element types of the lists whose `isSorted`, `min` and `max` the apiserver declares (lists.go
 * `comparableTypes`): a list of lists or of maps has none.
 */
export const COMPARABLE_TYPES: readonly string[] = ['int', 'uint', 'double', 'bool', 'google.protobuf.Duration', 'google.protobuf.Timestamp', 'string', 'bytes'];

/**
 * Type names declared as identifiers (`cel.Types` with a variable of the type's name in ip.go and cidr.go): `net.IP`
 * and `net.CIDR` are values of type `type`, by namespace then name; the other library types have no such name.
 */
export const LIBRARY_TYPE_NAMES: Record<string, Record<string, (typeof LIBRARY_TYPES)[number]>> = { net: { IP: 'IP', CIDR: 'CIDR' } };

/** Every signature, in cel-js syntax (`receiver.name(args): result`). */
export const LIBRARY_SIGNATURES: readonly string[] = [
  // lists (k8s.io/apiserver/pkg/cel/library/lists.go): isSorted, min and max over lists of a comparable type only
  ...COMPARABLE_TYPES.map((t) => `list<${t}>.isSorted(): bool`),
  'list<int>.sum(): int',
  'list<uint>.sum(): uint',
  'list<double>.sum(): double',
  'list<google.protobuf.Duration>.sum(): google.protobuf.Duration',
  ...COMPARABLE_TYPES.map((t) => `list<${t}>.min(): ${t}`),
  ...COMPARABLE_TYPES.map((t) => `list<${t}>.max(): ${t}`),
  'list<T>.indexOf(T): int',
  'list<T>.lastIndexOf(T): int',
  // cel-go ext.Lists v3
  'ListsNamespace.range(int): list<int>',
  'list<T>.slice(int, int): list<T>',
  'list<list<T>>.flatten(): list<T>',
  'list<T>.flatten(int): list<dyn>',
  'list<T>.distinct(): list<T>',
  'list<T>.reverse(): list<T>',
  'list<T>.sort(): list<T>',
  'list<T>.first(): optional<T>',
  'list<T>.last(): optional<T>',
  // cel-go's optional library (what cel-js lacks)
  'OptionalNamespace.ofNonZeroValue(T): optional<T>',
  // regex (and the standard library's function form of matches, which cel-js lacks)
  'matches(string, string): bool',
  'string.find(string): string',
  'string.findAll(string): list<string>',
  'string.findAll(string, int): list<string>',
  // cel-go ext.Strings v2 (what cel-js lacks)
  'string.charAt(int): string',
  'string.replace(string, string): string',
  'string.replace(string, string, int): string',
  'list<string>.join(): string',
  'list<string>.join(string): string',
  'string.format(list): string',
  'StringsNamespace.quote(string): string',
  // cel-go ext.Sets
  'SetsNamespace.contains(list<T>, list<T>): bool',
  'SetsNamespace.equivalent(list<T>, list<T>): bool',
  'SetsNamespace.intersects(list<T>, list<T>): bool',
  // url
  'url(string): URL',
  'isURL(string): bool',
  'URL.getScheme(): string',
  'URL.getHost(): string',
  'URL.getHostname(): string',
  'URL.getPort(): string',
  'URL.getEscapedPath(): string',
  'URL.getQuery(): map<string, list<string>>',
  // quantity
  'quantity(string): Quantity',
  'isQuantity(string): bool',
  'Quantity.isInteger(): bool',
  'Quantity.asInteger(): int',
  'Quantity.asApproximateFloat(): double',
  'sign(Quantity): int',
  'Quantity.add(Quantity): Quantity',
  'Quantity.add(int): Quantity',
  'Quantity.sub(Quantity): Quantity',
  'Quantity.sub(int): Quantity',
  'Quantity.isGreaterThan(Quantity): bool',
  'Quantity.isLessThan(Quantity): bool',
  'Quantity.compareTo(Quantity): int',
  // ip
  'ip(string): IP',
  'isIP(string): bool',
  'IpNamespace.isCanonical(string): bool',
  'IP.family(): int',
  'IP.isUnspecified(): bool',
  'IP.isLoopback(): bool',
  'IP.isLinkLocalMulticast(): bool',
  'IP.isLinkLocalUnicast(): bool',
  'IP.isGlobalUnicast(): bool',
  'string(IP): string',
  // cidr
  'cidr(string): CIDR',
  'isCIDR(string): bool',
  'CIDR.containsIP(IP): bool',
  'CIDR.containsIP(string): bool',
  'CIDR.containsCIDR(CIDR): bool',
  'CIDR.containsCIDR(string): bool',
  'CIDR.ip(): IP',
  'CIDR.masked(): CIDR',
  'CIDR.prefixLength(): int',
  'string(CIDR): string',
  // cel-go's standard conversions cel-js lacks: a timestamp as RFC 3339 (nanoseconds), a duration in seconds
  'string(google.protobuf.Timestamp): string',
  'string(google.protobuf.Duration): string',
  // format
  ...FORMAT_NAMES.map((f) => `FormatNamespace.${f}(): NamedFormat`),
  'FormatNamespace.named(string): optional<NamedFormat>',
  'NamedFormat.validate(string): optional<list<string>>',
  // semver
  'semver(string): Semver',
  'semver(string, bool): Semver',
  'isSemver(string): bool',
  'isSemver(string, bool): bool',
  'Semver.major(): int',
  'Semver.minor(): int',
  'Semver.patch(): int',
  'Semver.isGreaterThan(Semver): bool',
  'Semver.isLessThan(Semver): bool',
  'Semver.compareTo(Semver): int',
];

/** Library object types compared by value with `==` / `!=` (the apiserver's types all are). */
export const EQUATABLE_TYPES: readonly string[] = LIBRARY_TYPES;

/**
 * Operators of cel-go's optional library that cel-js lacks (`==` brings `!=`): optionals compare by their value, and
 * an optional compared with `null` type-checks (cel-go assigns null to an optional) but is never equal to it.
 */
export const LIBRARY_OPERATORS: readonly string[] = ['optional<T> == optional<T>', 'optional == null'];
