import { startTestPlatform } from './testing/test-platform';
(async () => {
  const t = await startTestPlatform({ demoData: true, name: 'repro' });
  const admin = await t.signedIn('admin@example.com');
  const r = await fetch(`${t.base}/api/providerservice/addservice`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' }, body: '{"name":"\\udfff x"}' });
  console.log(r.status, await r.text());
  const u = await t.signedIn('user@example.com');
  const r2 = await fetch(`${t.base}/api/providers/fetchprovider`, { method: 'POST', headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' }, body: '{"search":"\\ud800"}' });
  console.log(r2.status, await r2.text());
  await t.stop(); process.exit(0);
})();
