import { BlockList, isIP } from 'node:net';

/**
 * Networks that mail security gateways open links from, as their vendors publish them. A click from one
 * of them is the gateway checking the link on delivery, not the recipient (decision 039). Refresh from
 * the sources when a vendor announces new ranges.
 */
const SCANNER_NETWORKS: readonly (readonly [network: string, prefix: number])[] = [
  // Microsoft Exchange Online Protection and Defender for Office 365 (Safe Links):
  // https://learn.microsoft.com/microsoft-365/enterprise/urls-and-ip-address-ranges (Exchange Online, ids 9 and 10)
  ['40.92.0.0', 15],
  ['40.107.0.0', 16],
  ['52.100.0.0', 14],
  ['104.47.0.0', 17],
  ['2a01:111:f400::', 48],
  ['2a01:111:f403::', 48],
  // Mimecast, US and UK grids: https://community.mimecast.com (Mimecast Data Centers and URLs)
  ['205.139.110.0', 24],
  ['207.211.30.0', 24],
  ['216.205.24.0', 24],
  ['170.10.128.0', 22],
  ['195.130.217.0', 24],
  ['91.220.42.0', 24],
  ['146.101.78.0', 24],
  // Proofpoint Protection Server on Demand (pphosted.com):
  // https://help.proofpoint.com (Proofpoint Essentials and PPS on Demand IP ranges)
  ['148.163.128.0', 19],
  ['67.231.144.0', 20],
  ['205.220.160.0', 19],
  // Barracuda Email Security Service: https://campus.barracuda.com (Email Gateway Defense IP ranges)
  ['209.222.80.0', 21],
  ['64.235.144.0', 20],
];

const networks = new BlockList();
for (const [network, prefix] of SCANNER_NETWORKS)
  networks.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');

/** True when the address belongs to a mail security gateway's published network. */
export function isScannerNetwork(ip: string | undefined): boolean {
  const family = ip ? isIP(ip) : 0;
  if (!ip || family === 0) return false;
  return networks.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}
