package dev.iolab.upload.transfer;

import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.ProblemType;
import dev.iolab.upload.web.WebProblem;
import java.util.Locale;

/** The {@code outcome} tag of the upload metrics. */
public enum UploadOutcome {
    /** Stored and committed. */
    SUCCESS,
    /** Refused for capacity (queue full, queue timeout, memory budget) before the body was read. */
    REJECTED,
    /** The client's fault: bad name, size, MD5, multipart shape, missing length. */
    CLIENT_ERROR,
    /** The blob store failed or timed out. */
    STORAGE_ERROR,
    /** The client went away mid-body. */
    ABORTED;

    /**
     * The outcome of an upload (or a valet-key completion) answered with {@code problem}: a store that was repaired
     * under it and the service's or the store's failures are storage errors, the other capacity refusals rejections,
     * a client gone mid-body aborted, anything else the client's fault.
     */
    public static UploadOutcome of(ProblemType problem) {
        if (problem == UploadProblem.STORAGE_RECOVERING
                || problem == WebProblem.STORAGE_TIMEOUT
                || problem == WebProblem.STORAGE_UNAVAILABLE
                || problem == WebProblem.INTERNAL) {
            return STORAGE_ERROR;
        }
        if (problem.retryLater()) {
            return REJECTED;
        }
        return problem == UploadProblem.CLIENT_ABORTED ? ABORTED : CLIENT_ERROR;
    }

    /** Tag value, e.g. {@code client_error}. */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
