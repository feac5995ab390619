/*
 * Preloaded (NODE_OPTIONS=--require) into a partspec run by the write-safety tests to play a
 * failing disk at the fs boundary, for the temporary files partspec writes (`*.partspec-tmp`):
 *   PARTSPEC_TEST_FS_FAULT=enospc  the disk fills after 2 KiB: the write fails with ENOSPC
 *   PARTSPEC_TEST_FS_FAULT=hang    2 KiB are written, then the write never completes (for Ctrl-C
 *                                  and kill tests)
 * partspec fills its temporary file through its own descriptor (/proc/self/fd/N on Linux): such a
 * path is resolved to the file's name to recognise it.
 */
const fs = require('node:fs');
const { Writable } = require('node:stream');

const fault = process.env.PARTSPEC_TEST_FS_FAULT;
const LIMIT = 2048;
const createWriteStream = fs.createWriteStream;

/** The file's own name, also for a path of an open descriptor. */
function tempName(path) {
  return /^\/proc\/self\/fd\/\d+$/.test(String(path)) ? fs.readlinkSync(String(path)) : String(path);
}

fs.createWriteStream = function faultyWriteStream(path, ...rest) {
  const real = createWriteStream.call(fs, path, ...rest);
  if (!tempName(path).includes('.partspec-tmp')) return real;
  let written = 0;
  return new Writable({
    write(chunk, encoding, callback) {
      const room = LIMIT - written;
      if (chunk.length <= room) {
        written += chunk.length;
        real.write(chunk, encoding, callback);
        return;
      }
      real.write(chunk.subarray(0, Math.max(0, room)), () => {
        written = LIMIT;
        if (fault === 'hang') {
          setInterval(() => undefined, 1000);
          return;
        }
        const error = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
        real.end(() => callback(error));
      });
    },
    final(callback) {
      real.end(callback);
    },
  });
};

/*
 * Writers that fill the file through a FileHandle (the patched workbook) meet the same disk: the
 * handle's writes take 2 KiB, then fail with ENOSPC or never complete.
 */
const promisesOpen = fs.promises.open;
fs.promises.open = async function faultyOpen(path, ...rest) {
  const handle = await promisesOpen.call(fs.promises, path, ...rest);
  if (!tempName(path).includes('.partspec-tmp')) return handle;
  let written = 0;
  const write = async (buffer, offset = 0, length = buffer.length - offset, ...more) => {
    const room = LIMIT - written;
    if (length <= room) {
      written += length;
      return handle.write(buffer, offset, length, ...more);
    }
    if (room > 0) await handle.write(buffer, offset, room, ...more);
    written = LIMIT;
    if (fault === 'hang') return new Promise(() => setInterval(() => undefined, 1000));
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  };
  return new Proxy(handle, { get: (target, name) => (name === 'write' ? write : typeof target[name] === 'function' ? target[name].bind(target) : target[name]) });
};
