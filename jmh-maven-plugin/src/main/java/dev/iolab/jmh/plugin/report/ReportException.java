package dev.iolab.jmh.plugin.report;

/** Bad input for the report (unreadable, malformed or partial JMH JSON, bad published data); the message says which file. */
public class ReportException extends Exception {

    private static final long serialVersionUID = 1L;

    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
