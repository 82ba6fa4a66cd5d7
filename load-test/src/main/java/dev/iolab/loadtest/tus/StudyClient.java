package dev.iolab.loadtest.tus;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * The tus client the study's timed parts send with, the same for every server: uploads of one file at once, each its
 * own tus upload, resumed after every failed request.
 */
interface StudyClient {

    /** The client and its version, for the report: "tus-java-client 0.5.1". */
    String describe();

    /**
     * {@code count} uploads of {@code file} to {@code endpoint} at once, upload {@code i} named by
     * {@link TusStudy#name(String, int)}{@code (prefix, i)}, in order; an upload that did not complete within
     * {@code timeoutSeconds} counts as failed.
     */
    List<ResumingClient.Outcome> uploadAll(URI endpoint, Path file, String prefix, int count, int timeoutSeconds)
            throws Exception;

    /** One upload of {@code file} as {@code name}, failed when it did not complete within {@code timeoutSeconds}. */
    ResumingClient.Outcome upload(URI endpoint, Path file, String name, int timeoutSeconds) throws Exception;
}
