package dev.iolab.reporting.section;

/**
 * Input a report cannot use: an unreadable, malformed or partial JMH result file, a record beside it that does not
 * parse, a table of published figures without its columns. The message names the file and says what is wrong, so
 * that the goal can stop with it alone, without a stack trace.
 */
public class ReportException extends Exception {

    private static final long serialVersionUID = 1L;

    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
