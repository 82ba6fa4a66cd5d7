/**
 * What the upload feature answers when it refuses or fails an upload: {@link
 * dev.iolab.upload.transfer.problem.UploadException}, the root of its failures, and the {@link
 * dev.iolab.upload.transfer.problem.UploadProblem} types they carry. Every part of the feature (admission, body,
 * strategies, the routes) throws them, so they sit below all of those.
 */
package dev.iolab.upload.transfer.problem;
