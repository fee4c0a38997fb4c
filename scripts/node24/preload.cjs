// Loaded with `--require` into every process of the gate's Node 24 stage (NODE_OPTIONS, so test
// children inherit it). node_modules holds better-sqlite3 built for the machine's Node; this
// points its addon at the copy built for Node 24 (scripts/node24/prepare.mjs), leaving the
// project's install untouched. Processes of another Node ABI keep the installed addon.
const addon = process.env.DRAWSPACE_NODE24_SQLITE_ADDON;
const abi = process.env.DRAWSPACE_NODE24_ABI;
if (addon && abi === process.versions.modules) {
  const dlopen = process.dlopen;
  process.dlopen = function redirected(module, filename, ...rest) {
    const target = /[\\/]better-sqlite3[\\/]build[\\/]Release[\\/]better_sqlite3\.node$/.test(filename)
      ? addon
      : filename;
    return dlopen.call(this, module, target, ...rest);
  };
}
