import { BlockList, isIP } from 'node:net';

/**
 * Networks that mail security gateways open links from, as their vendors publish them. A click from one
 * of them is the gateway checking the link on delivery, not the recipient (decision 039). Refresh from
 * the sources when a vendor announces new ranges; each group says where it was checked and how far.
 */
const SCANNER_NETWORKS: readonly (readonly [network: string, prefix: number])[] = [
  // Microsoft Exchange Online Protection and Defender for Office 365 (Safe Links): "Microsoft 365 URLs and
  // IP address ranges", Exchange Online rows 9 (*.protection.outlook.com) and 10
  // (*.mail.protection.outlook.com), https://learn.microsoft.com/microsoft-365/enterprise/urls-and-ip-address-ranges
  // (checked against the page's source, MicrosoftDocs/microsoft-365-docs
  // microsoft-365/includes/office-365-worldwide-endpoints.md, versions of 2022-07 and 2023-07: unchanged).
  // Row 9's 52.238.78.88/32 is left out: it serves the admin portal over 443, not mail.
  ['40.92.0.0', 15],
  ['40.107.0.0', 16],
  ['52.100.0.0', 14],
  ['104.47.0.0', 17],
  ['2a01:111:f400::', 48],
  ['2a01:111:f403::', 48],
  // Mimecast, every grid: Mimecast's own SPF record `_netblocks.mimecast.com` and the regional records it
  // includes (eu., us., za., de., au., ca._netblocks.mimecast.com), the networks its gateways send and
  // fetch from, as published in 2025. Their "Mimecast Data Centers and URLs" page
  // (https://mimecastsupport.zendesk.com) could not be read here (its tables are missing from every
  // stored copy), so the record is the source. Mimecast moved off leased ranges in 2022-2023: the record
  // has 170.10.133.0/24 (US delivery) and no 170.10.130.0/23, which an older /22 here had the other way.
  // United States
  ['205.139.110.0', 24],
  ['216.205.24.0', 24],
  ['63.128.21.0', 24],
  ['170.10.128.0', 24],
  ['170.10.129.0', 24],
  ['170.10.133.0', 24],
  ['170.10.132.56', 29],
  ['170.10.132.64', 29],
  ['207.211.30.64', 26],
  ['207.211.30.128', 25],
  ['207.211.31.0', 25],
  ['207.211.41.113', 32],
  ['216.145.221.0', 24],
  ['185.58.84.93', 32],
  // Europe
  ['195.130.217.0', 24],
  ['91.220.42.0', 24],
  ['146.101.78.0', 24],
  ['207.82.80.0', 24],
  ['185.58.85.0', 24],
  ['185.58.86.0', 24],
  ['213.167.75.0', 25],
  ['213.167.81.0', 25],
  ['193.7.206.0', 25],
  ['193.7.207.0', 25],
  ['147.28.36.0', 24],
  // Germany
  ['51.163.158.0', 24],
  ['194.104.109.0', 24],
  ['194.104.111.0', 24],
  ['194.104.110.21', 32],
  ['194.104.110.240', 28],
  ['194.104.108.21', 32],
  ['194.104.108.240', 29],
  ['62.140.7.0', 24],
  ['62.140.10.21', 32],
  // South Africa
  ['41.74.192.0', 22],
  ['41.74.196.0', 22],
  ['41.74.200.0', 23],
  ['41.74.204.0', 23],
  ['41.74.206.0', 24],
  // Australia
  ['103.13.69.0', 24],
  ['124.47.150.0', 24],
  ['124.47.189.0', 24],
  ['103.96.21.0', 24],
  ['103.96.23.0', 24],
  ['103.96.20.22', 32],
  ['103.96.20.96', 28],
  ['103.96.22.22', 32],
  ['103.96.22.96', 28],
  ['180.189.28.0', 24],
  ['216.145.217.0', 24],
  // Canada
  ['170.10.145.0', 24],
  ['170.10.147.0', 24],
  ['170.10.144.126', 32],
  ['170.10.146.126', 32],
  ['170.10.144.240', 29],
  ['170.10.146.240', 29],
  ['216.145.216.0', 24],
  // Proofpoint. 67.231.144.0/20 is on Proofpoint's own list of its service networks
  // (https://proofpoint.my.site.com/support/PPSup_SupportInfo). No Proofpoint page listing the
  // Protection Server on Demand (pphosted.com) ranges could be found here; 148.163.128.0/19 and
  // 205.220.160.0/19 are kept because a Microsoft Exchange Online support note (IP throttling overrides
  // for GCC) names both as Proofpoint's; treat them as unconfirmed by the vendor.
  ['67.231.144.0', 20],
  ['148.163.128.0', 19],
  ['205.220.160.0', 19],
  // Barracuda Email Gateway Defense (formerly Email Security Service). Its "IP ranges" page
  // (https://campus.barracuda.com/product/emailgatewaydefense, "Barracuda Email Security Service IP
  // Ranges") could be found but its table is missing from the stored copy; its "IP Analysis - Inbound"
  // page gives 209.222.80.0/21 (US) as the worked example of a correct range. 64.235.144.0/20 is
  // Barracuda Networks' own ARIN allocation (NET-64-235-144-0-1), not a range the page was seen to list.
  // The UK, German, Canadian and Australian instances' ranges could not be checked and are not listed.
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
