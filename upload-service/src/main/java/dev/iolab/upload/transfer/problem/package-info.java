/**
 * What the upload feature answers when it refuses or fails an upload: the {@link
 * dev.iolab.upload.transfer.problem.UploadProblem} types its {@link dev.iolab.upload.web.ProblemException}s carry.
 * Every part of the feature (admission, body, strategies, the routes) throws them, so they sit below all of those.
 */
package dev.iolab.upload.transfer.problem;
