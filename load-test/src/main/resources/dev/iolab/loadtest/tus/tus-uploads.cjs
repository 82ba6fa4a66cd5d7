// The tus study's uploads with tus-js-client under node, as browsers and Uppy send them: each PATCH with its
// Content-Length. Uploads one file COUNT times at once, each under its own name, in PATCHes of CHUNK bytes read from
// the file (nothing of it held in memory), and retries a failed request after 100 ms more per failure (at most 2 s,
// at most 20 times), as the study's tus-java-client does: the client asks where the upload stands (HEAD) and sends
// the rest from there. An upload not completed within TIMEOUT seconds is aborted and counts as failed ("timed out").
//   node tus-uploads.cjs ENDPOINT FILE CHUNK COUNT NAME TIMEOUT   (NAME with {i}: each upload's index)
// Prints one JSON line per upload, in order: {"i", "url", "startMs", "endMs", "failures", "error"}; error is null for
// an upload that completed.
const fs = require("fs");
const tus = require("tus-js-client");

const [endpoint, file, chunk, count, name, timeout] = process.argv.slice(2);
const size = fs.statSync(file).size;
const retryDelays = Array.from({ length: 20 }, (_, n) => Math.min(2000, 100 * (n + 1)));

function upload(i) {
  return new Promise((resolve) => {
    const startMs = Date.now();
    let failures = 0;
    let ended = false;
    let timer = null;
    const done = (error) => {
      if (!ended) {
        ended = true;
        clearTimeout(timer);
        resolve({ i, url: task.url || null, startMs, endMs: Date.now(), failures, error: error ? String(error) : null });
      }
    };
    const task = new tus.Upload(fs.createReadStream(file), {
      endpoint,
      uploadSize: size,
      chunkSize: Number(chunk),
      retryDelays,
      metadata: { filename: name.replace("{i}", String(i)) },
      // every failure is resumed from, as the study's Java client does (tus-js-client would give up on most 4xx)
      onShouldRetry: () => {
        failures++;
        return true;
      },
      onError: done,
      onSuccess: () => done(null),
    });
    timer = setTimeout(() => {
      task.abort().catch(() => {});
      done("timed out");
    }, Number(timeout) * 1000);
    task.start();
  });
}

Promise.all(Array.from({ length: Number(count) }, (_, i) => upload(i))).then((outcomes) => {
  for (const outcome of outcomes) {
    console.log(JSON.stringify(outcome));
  }
});
