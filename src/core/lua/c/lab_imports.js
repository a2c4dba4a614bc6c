// Rate Limit Lab: the JS functions lab.c imports. Each forwards to the engine object the
// loader installs as Module.labHost (src/core/lua/wasm.ts).
/* global mergeInto, LibraryManager, Module */
mergeInto(LibraryManager.library, {
  lab_js_call: function (args, len) {
    return Module['labHost'].call(args, len);
  },
  lab_js_log: function (level, msg, len) {
    Module['labHost'].log(level, msg, len);
  },
  lab_js_sha1hex: function (data, len) {
    Module['labHost'].sha1hex(data, len);
  },
});
