package dev.iolab.upload.web;

import org.apache.commons.io.IOExceptionList;

/**
 * Finds a failure among another's causes. Failures arrive wrapped — commons-io collects observer failures in
 * {@link IOExceptionList}s, Tomcat wraps a premature end of stream in a {@code ClientAbortException}, the Azure SDK
 * wraps whatever the stream it read threw — so whoever answers one searches the whole chain.
 */
public final class Causes {

    private Causes() {}

    /** The first of {@code e}'s causes (itself included) that is a {@code type}, including the lists commons-io collects. */
    public static <T> T find(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            if (t instanceof IOExceptionList list) {
                for (Throwable cause : list) {
                    T found = find(cause, type);
                    if (found != null) {
                        return found;
                    }
                }
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }
}
