// `npm run cluster [-- --nodes N] [--haproxy]`: a private PostgreSQL, N hubs and nginx (or HAProxy) in front, until Ctrl-C.
import { Cluster } from './cluster';

const nodesArg = process.argv.indexOf('--nodes');
const nodes = nodesArg > 0 ? Number(process.argv[nodesArg + 1]) : 3;
const balancer = process.argv.includes('--haproxy') ? 'haproxy' : 'nginx';
console.log(`Starting a cluster of ${nodes} hub nodes (private PostgreSQL, ${balancer})…`);
const cluster = await Cluster.start({ nodes, balancer, verbose: process.argv.includes('--verbose') });
console.log(`Balancer:   ${cluster.balancerUrl}`);
for (const n of cluster.nodes) console.log(`Node ${n.index}:     ${n.url}`);
console.log(`PostgreSQL: ${cluster.db.url}`);
console.log(`Metrics:    curl -H 'Authorization: Bearer ${cluster.metricsToken}' ${cluster.nodes[0].url}/metrics`);
console.log(
  balancer === 'nginx'
    ? `nginx conf: ${cluster.root}/nginx/nginx.conf`
    : `HAProxy conf: ${cluster.root}/haproxy/haproxy.cfg`,
);
console.log('Ctrl-C stops everything and removes the temporary directory.');
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
