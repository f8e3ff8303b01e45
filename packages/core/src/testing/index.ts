// Test kits: a loopback DNS server and the records sender-health checks need. Never imported by the app.
export * from './dns-zone-server';
export * from './sender-health-kit';
