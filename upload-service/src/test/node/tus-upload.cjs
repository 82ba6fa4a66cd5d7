// Uploads one file with tus-js-client, as browsers and Uppy do, and reports on stdout what the test checks:
//   URL <upload url>        once the upload exists
//   RESUMED <offset>        when a HEAD told where an existing upload stands
//   LOCKED                  when a request was answered 423 (the client retries it)
//   CUT <bytes>             when it stopped itself (exit code 7) at the fraction asked for
//   DONE <upload url>       when the upload completed (exit code 0)
// Usage: node tus-upload.cjs <endpoint> <file> <name> <api key or ""> <cut fraction or ""> [<upload url to resume>]
// TUS_CHUNK_SIZE=<bytes> sends the file in PATCHes of that size (tus-js-client's chunkSize) instead of one.
'use strict';
const fs = require('node:fs');
const tus = require('tus-js-client');

const [endpoint, file, name, apiKey, cutAt, uploadUrl] = process.argv.slice(2);
// A file stream with a path: the client reads each request's slice from disk, so a gigabyte is never held in memory.
const data = fs.createReadStream(file);
let announced = false;

const upload = new tus.Upload(data, {
  endpoint,
  uploadUrl: uploadUrl || null,
  headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {},
  metadata: { filename: name },
  chunkSize: process.env.TUS_CHUNK_SIZE ? Number(process.env.TUS_CHUNK_SIZE) : Infinity,
  // long enough to outlast a storage lease a dead replica left behind (15 s): 423 is retried
  retryDelays: [0, 500, 1000, 2000, 4000, 8000, 8000, 8000],
  storeFingerprintForResuming: false,
  onAfterResponse(req, res) {
    if (res.getStatus() === 423) {
      console.log('LOCKED');
    } else if (req.getMethod() === 'HEAD' && res.getStatus() === 200) {
      console.log(`RESUMED ${res.getHeader('Upload-Offset')}`);
    }
  },
  onProgress(sent, total) {
    if (!announced && upload.url) {
      console.log(`URL ${upload.url}`);
      announced = true;
    }
    if (cutAt && sent >= total * Number(cutAt)) {
      // The process dies with the request half sent: the server sees its connection end mid-body.
      console.log(`CUT ${sent}`);
      process.exit(7);
    }
  },
  onSuccess() {
    console.log(`DONE ${upload.url}`);
    process.exit(0);
  },
  onError(error) {
    console.error(`ERROR ${error}`);
    process.exit(1);
  },
});
upload.start();
