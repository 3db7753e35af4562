/**
 * The Kubernetes CEL libraries evaluated: one rule on a string property and one value per row. The unit test
 * (test/unit/runtime/validation/cel-library.test.ts) pins kubegen's errors to `want` — recorded from kube-apiserver 1.37 with
 * `dryRun=All` creates — and the e2e agreement test (test/e2e/cel-library-agreement.test.ts) sends every row to a
 * live apiserver and requires kubegen's errors to equal its causes, message for message.
 */
import type { ValidationSchema } from '../../runtime/src/validation';

export interface LibraryCase {
  rule: string;
  value: string;
  messageExpression?: string;
  /** The apiserver's causes as `field: message` (field `spec.p<index>`); empty when it accepts the object. */
  want: string[];
}

const rows: Array<[string, string, string[]?, string?]> = [
  // quantity
  ['quantity(self).isInteger()', '1Gi'],
  ['quantity(self).isInteger()', '1.0', ["spec.p1: Invalid value: \"1.0\": failed rule: quantity(self).isInteger()"]],
  ['quantity(self).isInteger()', '1000m', ["spec.p2: Invalid value: \"1000m\": failed rule: quantity(self).isInteger()"]],
  ['quantity(self).isInteger()', '50000000G'],
  ['quantity(self).isInteger()', '9999999999999999999999999999999999999G', ["spec.p4: Invalid value: \"9999999999999999999999999999999999999G\": failed rule: quantity(self).isInteger()"]],
  ['quantity(self).isInteger()', '10Mo', ["spec.p5: Invalid value: \"string\": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' evaluating rule: quantity(self).isInteger()"]],
  ['quantity(self).isInteger()', '10Mm', ["spec.p6: Invalid value: \"string\": unable to parse quantity's suffix evaluating rule: quantity(self).isInteger()"]],
  ['quantity(self).isInteger()', '200K', ["spec.p7: Invalid value: \"string\": unable to parse quantity's suffix evaluating rule: quantity(self).isInteger()"]],
  ['quantity(self).isInteger()', '', ["spec.p8: Invalid value: \"string\": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' evaluating rule: quantity(self).isInteger()"]],
  ['quantity(self).isInteger()', '1e', ["spec.p9: Invalid value: \"string\": unable to parse quantity's suffix evaluating rule: quantity(self).isInteger()"]],
  ['quantity(self).isInteger()', '1e3'],
  ['quantity(self).isInteger()', '1.5e-3', ["spec.p11: Invalid value: \"1.5e-3\": failed rule: quantity(self).isInteger()"]],
  ['quantity(self).asInteger() == 1024', '1Ki'],
  ['quantity(self).asInteger() > 0', '9999999999999999999999999999999999999G', ["spec.p13: Invalid value: \"string\": cannot convert value to integer evaluating rule: quantity(self).asInteger() > 0"]],
  ['quantity(self).asInteger() > 0', '1e19', ["spec.p14: Invalid value: \"string\": cannot convert value to integer evaluating rule: quantity(self).asInteger() > 0"]],
  ['quantity(self).asInteger() > 0', '9223372036854775807', ["spec.p15: Invalid value: \"string\": cannot convert value to integer evaluating rule: quantity(self).asInteger() > 0"]],
  ['quantity(self).asInteger() > 0', '9223372036854775808', ["spec.p16: Invalid value: \"string\": cannot convert value to integer evaluating rule: quantity(self).asInteger() > 0"]],
  ['isQuantity(self)', '1,3G', ["spec.p17: Invalid value: \"1,3G\": failed rule: isQuantity(self)"]],
  ['isQuantity(self)', '+.5'],
  ['isQuantity(self)', '-0.0000000001'],
  ['sign(quantity(self)) == -1', '-0.0000000001'],
  ['sign(quantity(self)) == 0', '0.0000000000'],
  ['quantity(self).isGreaterThan(quantity("50M"))', '50Mi'],
  ['quantity(self).isLessThan(quantity("50M"))', '50Mi', ["spec.p23: Invalid value: \"50Mi\": failed rule: quantity(self).isLessThan(quantity(\"50M\"))"]],
  ['quantity(self).compareTo(quantity("0.2G")) == 0', '200M'],
  ['quantity(self) == quantity("0.002G")', '2M'],
  ['!(quantity(self) == quantity("1"))', '1000m', ["spec.p26: Invalid value: \"1000m\": failed rule: !(quantity(self) == quantity(\"1\"))"]],
  ['quantity(self).add(quantity("20")) == quantity("50.02k")', '50k'],
  ['quantity(self).sub(20) == quantity("49980")', '50k'],
  ['quantity(self).add(20).sub(quantity("100k")).sub(-50000).asInteger() == 20', '50k'],
  ['quantity("2") == quantity(self).add(1)', '1', ["spec.p30: Invalid value: \"string\": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: quantity(\"2\") == quantity(self).add(1)"]],
  ['quantity(self).add(1) == quantity("2")', '1'],
  ['quantity(self).asApproximateFloat() == 50703.0', '50.703k'],
  ['quantity(self).asApproximateFloat() < 0.3', '0.1'],
  ['quantity(self).asApproximateFloat() > 1e30', '1e31'],
  ['quantity(self).isGreaterThan(quantity("9223372036854775807"))', '9999999999999999999999Ei', ["spec.p35: Invalid value: \"9999999999999999999999Ei\": failed rule: quantity(self).isGreaterThan(quantity(\"9223372036854775807\"))"]],
  ['quantity(self).isInteger()', '1n', ["spec.p36: Invalid value: \"1n\": failed rule: quantity(self).isInteger()"]],
  ['quantity(self).compareTo(quantity("1n")) == 0', '0.1n'],
  ['sign(quantity(self)) == 1', '1.5Ki'],
  // url
  ['url(self).getScheme() == "https"', 'https://example.com/x'],
  ['url(self).getHost() == "[::1]:80"', 'https://[::1]:80/x'],
  ['url(self).getHostname() == "::1"', 'https://[::1]:80/x'],
  ['url(self).getPort() == "80"', 'https://[::1]:80/x'],
  ['url(self).getPort() == ""', 'https://example.com/x'],
  ['url(self).getEscapedPath() == "/a%20b"', 'https://example.com/a b'],
  ['url(self).getEscapedPath() == "/a%2Fb"', 'https://example.com/a%2Fb'],
  ['url(self).getQuery()["a"] == ["1", "2"]', 'https://example.com/?a=1&a=2&b'],
  ['url(self).getQuery().size() == 1', 'https://example.com/?a=1;b=2&c=3'],
  ['url(self).getHost() == ""', 'mailto:someone@example.com'],
  ['url(self).getHost() != ""', 'example.com', ["spec.p49: Invalid value: \"string\": URL parse error during conversion from string: parse \"example.com\": invalid URI for request evaluating rule: url(self).getHost() != \"\""]],
  ['url(self).getHost() != ""', '/just/a/path', ["spec.p50: Invalid value: \"/just/a/path\": failed rule: url(self).getHost() != \"\""]],
  ['url(self).getHost() != ""', 'https://ex ample.com/', ["spec.p51: Invalid value: \"string\": URL parse error during conversion from string: parse \"https://ex ample.com/\": invalid character \" \" in host name evaluating rule: url(self).getHost() != \"\""]],
  ['url(self).getHost() != ""', 'https://example.com:port/', ["spec.p52: Invalid value: \"string\": URL parse error during conversion from string: parse \"https://example.com:port/\": invalid port \":port\" after host evaluating rule: url(self).getHost() != \"\""]],
  ['url(self).getHost() != ""', 'https://[1.2.3.4]/', ["spec.p53: Invalid value: \"string\": URL parse error during conversion from string: parse \"https://[1.2.3.4]/\": invalid IP-literal evaluating rule: url(self).getHost() != \"\""]],
  ['url(self).getHost() != ""', 'https://[::1/', ["spec.p54: Invalid value: \"string\": URL parse error during conversion from string: parse \"https://[::1/\": missing ']' in host evaluating rule: url(self).getHost() != \"\""]],
  ['url(self).getHost() != ""', '%zz', ["spec.p55: Invalid value: \"string\": URL parse error during conversion from string: parse \"%zz\": invalid URI for request evaluating rule: url(self).getHost() != \"\""]],
  ['isURL(self)', 'https://example.com/%zz', ["spec.p56: Invalid value: \"https://example.com/%zz\": failed rule: isURL(self)"]],
  ['isURL(self)', '*'],
  ['isURL(self)', '', ["spec.p58: Invalid value: \"\": failed rule: isURL(self)"]],
  ['url(self).getHostname() == "a"', 'http://a:1:2/', ["spec.p59: Invalid value: \"string\": URL parse error during conversion from string: parse \"http://a:1:2/\": invalid port \":1:2\" after host evaluating rule: url(self).getHostname() == \"a\""]],
  // ip
  ['ip(self).family() == 6', '2001:db8::1'],
  ['ip(self).family() == 4', '192.168.0.1'],
  ['ip(self).family() == 4', '192.168.000.1', ["spec.p62: Invalid value: \"string\": IP Address \"192.168.000.1\" parse error during conversion from string: ParseAddr(\"192.168.000.1\"): IPv4 field has octet with leading zero evaluating rule: ip(self).family() == 4"]],
  ['ip(self).family() == 4', '192.168.0.256', ["spec.p63: Invalid value: \"string\": IP Address \"192.168.0.256\" parse error during conversion from string: ParseAddr(\"192.168.0.256\"): IPv4 field has value >255 evaluating rule: ip(self).family() == 4"]],
  ['ip(self).family() == 4', '::ffff:1.2.3.4', ["spec.p64: Invalid value: \"string\": IPv4-mapped IPv6 address \"::ffff:1.2.3.4\" is not allowed evaluating rule: ip(self).family() == 4"]],
  ['ip(self).family() == 6', 'fe80::1%eth0', ["spec.p65: Invalid value: \"string\": IP address \"fe80::1%eth0\" with zone value is not allowed evaluating rule: ip(self).family() == 6"]],
  ['ip(self).family() == 6', '1::2::3', ["spec.p66: Invalid value: \"string\": IP Address \"1::2::3\" parse error during conversion from string: ParseAddr(\"1::2::3\"): multiple :: in address (at \":3\") evaluating rule: ip(self).family() == 6"]],
  ['ip(self).family() == 6', '12345::', ["spec.p67: Invalid value: \"string\": IP Address \"12345::\" parse error during conversion from string: ParseAddr(\"12345::\"): each group must have 4 or less digits (at \"12345::\") evaluating rule: ip(self).family() == 6"]],
  ['ip(self).isLoopback()', '::1'],
  ['ip(self).isUnspecified()', '0.0.0.0'],
  ['ip(self).isLinkLocalMulticast()', 'ff02::1'],
  ['ip(self).isLinkLocalUnicast()', '169.254.1.1'],
  ['ip(self).isGlobalUnicast()', '255.255.255.255', ["spec.p72: Invalid value: \"255.255.255.255\": failed rule: ip(self).isGlobalUnicast()"]],
  ['ip(self).isGlobalUnicast()', '2001:db8::1'],
  ['string(ip(self)) == "2001:db8::1"', '2001:0DB8:0:0:0:0:0:1'],
  ['ip.isCanonical(self)', '2001:DB8::1', ["spec.p75: Invalid value: \"2001:DB8::1\": failed rule: ip.isCanonical(self)"]],
  ['ip.isCanonical(self)', '2001:db8::1'],
  ['ip(self) == ip("2001:db8::1")', '2001:db8:0::1'],
  ['isIP(self)', '1.2.3', ["spec.p78: Invalid value: \"1.2.3\": failed rule: isIP(self)"]],
  // cidr
  ['cidr(self).containsIP("10.1.2.3")', '10.0.0.0/8'],
  ['cidr(self).containsIP(ip("11.0.0.1"))', '10.0.0.0/8', ["spec.p80: Invalid value: \"10.0.0.0/8\": failed rule: cidr(self).containsIP(ip(\"11.0.0.1\"))"]],
  ['cidr(self).containsIP("x")', '10.0.0.0/8', ["spec.p81: Invalid value: \"string\": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: cidr(self).containsIP(\"x\")"]],
  ['cidr(self).containsCIDR("10.1.0.0/16")', '10.0.0.0/8'],
  ['cidr(self).containsCIDR(cidr("10.0.0.0/7"))', '10.0.0.0/8', ["spec.p83: Invalid value: \"10.0.0.0/8\": failed rule: cidr(self).containsCIDR(cidr(\"10.0.0.0/7\"))"]],
  ['cidr(self).prefixLength() == 24', '192.168.0.0/24'],
  ['cidr(self).ip() == ip("192.168.0.7")', '192.168.0.7/24'],
  ['string(cidr(self).masked()) == "192.168.0.0/24"', '192.168.0.7/24'],
  ['cidr(self) == cidr("192.168.0.0/24")', '192.168.0.7/24', ["spec.p87: Invalid value: \"192.168.0.7/24\": failed rule: cidr(self) == cidr(\"192.168.0.0/24\")"]],
  ['isCIDR(self)', '192.168.0.0/33', ["spec.p88: Invalid value: \"192.168.0.0/33\": failed rule: isCIDR(self)"]],
  ['cidr(self).prefixLength() > 0', '192.168.0.0', ["spec.p89: Invalid value: \"string\": network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix(\"192.168.0.0\"): no '/' evaluating rule: cidr(self).prefixLength() > 0"]],
  ['cidr(self).prefixLength() > 0', '192.168.0.0/024', ["spec.p90: Invalid value: \"string\": network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix(\"192.168.0.0/024\"): bad bits after slash: \"024\" evaluating rule: cidr(self).prefixLength() > 0"]],
  ['cidr(self).prefixLength() > 0', '::ffff:1.2.3.4/120', ["spec.p91: Invalid value: \"string\": network address parse error during conversion from string: IPv4-mapped IPv6 address \"::ffff:1.2.3.4/120\" is not allowed evaluating rule: cidr(self).prefixLength() > 0"]],
  ['cidr(self).prefixLength() > 0', 'fe80::%eth0/64', ["spec.p92: Invalid value: \"string\": network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix(\"fe80::%eth0/64\"): IPv6 zones cannot be present in a prefix evaluating rule: cidr(self).prefixLength() > 0"]],
  ['string(cidr(self)) == "2001:db8::/32"', '2001:DB8::/32'],
  // format
  ['!format.dns1123Label().validate(self).hasValue()', 'my-name'],
  ['!format.dns1123Label().validate(self).hasValue()', 'My_Name', ["spec.p95: Invalid value: \"My_Name\": failed rule: !format.dns1123Label().validate(self).hasValue()"]],
  ['!format.dns1123Label().validate(self).hasValue()', 'a.b', ["spec.p96: Invalid value: \"a.b\": must not contain dots"], 'format.dns1123Label().validate(self).value()[0]'],
  ['!format.dns1123Label().validate(self).hasValue()', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', ["spec.p97: Invalid value: \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\": must be no more than 63 characters"], 'format.dns1123Label().validate(self).value()[0]'],
  ['!format.dns1123Label().validate(self).hasValue()', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-', ["spec.p98: Invalid value: \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"], 'format.dns1123Label().validate(self).value()[1]'],
  ['!format.dns1123Subdomain().validate(self).hasValue()', 'Example.com', ["spec.p99: Invalid value: \"Example.com\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"], 'format.dns1123Subdomain().validate(self).value()[0]'],
  ['!format.dns1035Label().validate(self).hasValue()', '1abc', ["spec.p100: Invalid value: \"1abc\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"], 'format.dns1035Label().validate(self).value()[0]'],
  ['!format.qualifiedName().validate(self).hasValue()', 'example.com/My_Name'],
  ['!format.qualifiedName().validate(self).hasValue()', '/x', ["spec.p102: Invalid value: \"/x\": prefix part must be non-empty"], 'format.qualifiedName().validate(self).value()[0]'],
  ['!format.qualifiedName().validate(self).hasValue()', 'a/b/c', ["spec.p103: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"], 'format.qualifiedName().validate(self).value()[0]'],
  ['!format.qualifiedName().validate(self).hasValue()', 'Ex.com/', ["spec.p104: Invalid value: \"Ex.com/\": name part must be non-empty"], 'format.qualifiedName().validate(self).value()[1]'],
  ['!format.labelValue().validate(self).hasValue()', '-x', ["spec.p105: Invalid value: \"-x\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"], 'format.labelValue().validate(self).value()[0]'],
  ['!format.dns1123LabelPrefix().validate(self).hasValue()', 'my-name-'],
  ['!format.dns1035LabelPrefix().validate(self).hasValue()', 'a-'],
  ['!format.dns1123SubdomainPrefix().validate(self).hasValue()', 'a.b-'],
  ['!format.uri().validate(self).hasValue()', 'x', ["spec.p109: Invalid value: \"x\": parse \"x\": invalid URI for request"], 'format.uri().validate(self).value()[0]'],
  ['!format.uuid().validate(self).hasValue()', '0b0c7a3e-8f6e-4c1b-9a2d-00000000000', ["spec.p110: Invalid value: \"0b0c7a3e-8f6e-4c1b-9a2d-00000000000\": does not match the UUID format"], 'format.uuid().validate(self).value()[0]'],
  ['!format.byte().validate(self).hasValue()', '!!', ["spec.p111: Invalid value: \"!!\": invalid base64"], 'format.byte().validate(self).value()[0]'],
  ['!format.date().validate(self).hasValue()', '2021-02-29', ["spec.p112: Invalid value: \"2021-02-29\": invalid date"], 'format.date().validate(self).value()[0]'],
  ['!format.datetime().validate(self).hasValue()', '2021-02-28T00:00:00Z'],
  ['format.named(self).hasValue()', 'dns1123Label'],
  ['format.named(self).hasValue()', 'dns1123label', ["spec.p115: Invalid value: \"dns1123label\": failed rule: format.named(self).hasValue()"]],
  ['format.named(self).value() == format.dns1123Label()', 'dns1123Label'],
  // semver
  ['semver(self).isGreaterThan(semver("1.0.0"))', '1.0.1'],
  ['semver(self).isLessThan(semver("1.0.0"))', '1.0.0-alpha.1'],
  ['semver(self).compareTo(semver("1.0.0-alpha.beta")) == 1', '1.0.0-alpha.1', ["spec.p119: Invalid value: \"1.0.0-alpha.1\": failed rule: semver(self).compareTo(semver(\"1.0.0-alpha.beta\")) == 1"]],
  ['semver(self) == semver("1.0.0+build")', '1.0.0'],
  ['semver(self).major() == 1', 'v1.0.0', ["spec.p121: Invalid value: \"string\": Invalid character(s) found in major number \"v1\" evaluating rule: semver(self).major() == 1"]],
  ['semver(self, true).major() == 1', 'v1'],
  ['semver(self, true).minor() == 2', '01.02'],
  ['semver(self, true).patch() == 0', '1.2-rc.1', ["spec.p124: Invalid value: \"string\": Invalid character(s) found in minor number \"2-rc\" evaluating rule: semver(self, true).patch() == 0"]],
  ['semver(self).major() == 1', '1.0', ["spec.p125: Invalid value: \"string\": No Major.Minor.Patch elements found evaluating rule: semver(self).major() == 1"]],
  ['semver(self).major() == 1', '01.0.0', ["spec.p126: Invalid value: \"string\": Major number must not contain leading zeroes \"01\" evaluating rule: semver(self).major() == 1"]],
  ['semver(self).major() == 1', '1.0.0-01', ["spec.p127: Invalid value: \"string\": Numeric PreRelease version must not contain leading zeroes \"01\" evaluating rule: semver(self).major() == 1"]],
  ['semver(self).major() == 1', '1.0.0-a_b', ["spec.p128: Invalid value: \"string\": Invalid character(s) found in prerelease \"a_b\" evaluating rule: semver(self).major() == 1"]],
  ['semver(self).major() == 1', '1.0.0+', ["spec.p129: Invalid value: \"string\": Build meta data is empty evaluating rule: semver(self).major() == 1"]],
  ['semver(self).major() == 1', '1.0.x', ["spec.p130: Invalid value: \"string\": Invalid character(s) found in patch number \"x\" evaluating rule: semver(self).major() == 1"]],
  ['semver(self).major() == 1', '1..0', ["spec.p131: Invalid value: \"string\": strconv.ParseUint: parsing \"\": invalid syntax evaluating rule: semver(self).major() == 1"]],
  ['semver(self).major() == 1', '99999999999999999999.0.0', ["spec.p132: Invalid value: \"string\": strconv.ParseUint: parsing \"99999999999999999999\": value out of range evaluating rule: semver(self).major() == 1"]],
  ['isSemver(self)', '1.0.0-rc.1+build.5'],
  ['isSemver(self, true)', 'v1.2'],
  // sets, lists, strings, regex
  ['sets.contains(["a", "b", "c"], self.split(","))', 'a,c'],
  ['sets.contains(["a", "b", "c"], self.split(","))', 'a,d', ["spec.p136: Invalid value: \"a,d\": failed rule: sets.contains([\"a\", \"b\", \"c\"], self.split(\",\"))"]],
  ['sets.equivalent(["a", "b"], self.split(","))', 'b,a,a'],
  ['sets.intersects(["a", "b"], self.split(","))', 'x,y', ["spec.p138: Invalid value: \"x,y\": failed rule: sets.intersects([\"a\", \"b\"], self.split(\",\"))"]],
  ['self.split(",").distinct() == ["b", "a"]', 'b,a,b'],
  ['self.split(",").sort() == ["a", "b", "c"]', 'c,a,b'],
  ['self.split(",").reverse().first().value() == "c"', 'a,b,c'],
  ['self.split(",").last().hasValue()', ''],
  ['self.split(",").slice(1, 2) == ["b"]', 'a,b,c'],
  ['self.split(",").slice(2, 5).size() > 0', 'a,b,c', ["spec.p144: Invalid value: \"string\": cannot slice(2, 5), list is length 3 evaluating rule: self.split(\",\").slice(2, 5).size() > 0"]],
  ['[self.split(","), ["x"]].flatten().size() == 4', 'a,b,c'],
  ['lists.range(3).all(i, i < self.size())', 'ab', ["spec.p146: Invalid value: \"ab\": failed rule: lists.range(3).all(i, i < self.size())"]],
  ['[1, 2, self.size()].sum() == 6', 'abc'],
  ['[1.5, double(self.size())].sum() == 2.5', 'a'],
  ['self.charAt(1) == "é"', 'héllo'],
  ['self.charAt(9) == ""', 'abc', ["spec.p150: Invalid value: \"string\": index out of range: 9 evaluating rule: self.charAt(9) == \"\""]],
  ['self.replace("a", "o") == "foo"', 'faa'],
  ['self.replace("a", "o", 1) == "foa"', 'faa'],
  ['strings.quote(self) == "\\"a\\\\nb\\""', 'a\nb'],
  ['"%s!".format([self]) == "x!"', 'x'],
  ['"%d items".format([self.size()]) == "3 items"', 'abc'],
  ['self.find("[0-9]+") == "12"', 'ab12cd34'],
  ['self.findAll("[0-9]+") == ["12", "34"]', 'ab12cd34'],
  ['self.findAll("[0-9]+", 1) == ["12"]', 'ab12cd34'],
];

export const LIBRARY_CASES: LibraryCase[] = rows.map(([rule, value, want, messageExpression]) => ({ rule, value, want: want ?? [], ...(messageExpression === undefined ? {} : { messageExpression }) }));

/** The CRD schema: one string property `p<i>` per row, carrying the row's rule. */
export function libraryCaseSchema(): ValidationSchema {
  const props: Record<string, ValidationSchema> = {};
  LIBRARY_CASES.forEach((c, i) => {
    props[`p${String(i)}`] = { type: 'string', maxLength: 70, 'x-kubernetes-validations': [{ rule: c.rule, ...(c.messageExpression === undefined ? {} : { messageExpression: c.messageExpression }) }] };
  });
  return { type: 'object', properties: { spec: { type: 'object', properties: props } } };
}

/** The object of row `i`. */
export function libraryCaseObject(i: number, namespace?: string): Record<string, unknown> {
  const c = LIBRARY_CASES[i];
  if (!c) throw new RangeError(`no library case ${String(i)} (there are ${String(LIBRARY_CASES.length)})`);
  return {
    apiVersion: 'agreement.kubegen.io/v1',
    kind: 'CelLibrary',
    metadata: { name: `lib-${String(i)}`, ...(namespace === undefined ? {} : { namespace }) },
    spec: { [`p${String(i)}`]: c.value },
  };
}
