package dev.iolab.upload.upload;

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

    /** Tag value, e.g. {@code client_error}. */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
