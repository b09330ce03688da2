// Serves an edge function under Deno on the port the local backend chose. The function's entry
// calls `Deno.serve(handler)` as Supabase runs it, which always listens on 8000 (Deno.serve
// ignores PORT); this wrapper supplies port and host, then imports the real entry unchanged.
// Plain JavaScript on purpose: the project's tsconfig type-checks this package for Node, not Deno.
const port = Number(Deno.env.get('PORT'));
const entry = Deno.args[0];
const serve = Deno.serve;
Deno.serve = (...args) => {
  const handler = args.find((arg) => typeof arg === 'function') ?? args[0]?.handler;
  return serve(
    { port, hostname: '127.0.0.1', onListen: ({ port: actual }) => console.log(`local-backend: function listening on ${actual}`) },
    handler,
  );
};
await import(new URL(entry, `file://${Deno.cwd()}/`).href);
