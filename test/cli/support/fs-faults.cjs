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

fs.createWriteStream = function faultyWriteStream(path, ...rest) {
  const real = createWriteStream.call(fs, path, ...rest);
  const name = /^\/proc\/self\/fd\/\d+$/.test(String(path)) ? fs.readlinkSync(String(path)) : String(path);
  if (!name.includes('.partspec-tmp')) return real;
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
