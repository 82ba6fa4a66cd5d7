package dev.iolab.upload.web;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Tomcat's error report for what never reaches the application: a malformed request line, a header block over
 * {@code max-http-request-header-size}, a request target Tomcat refuses (an encoded {@code /} or {@code \}). Writes
 * RFC 9457 {@code application/problem+json} with type {@code about:blank} (the status says it all, as Spring's own
 * problems for 404 and 405 do) instead of Tomcat's HTML page; Tomcat's message and exception stay out of the answer.
 * Installed as the host's error report valve by {@link ErrorReportConfiguration}; public with a no-argument constructor
 * because Tomcat instantiates it by class name.
 */
public class ProblemReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        HttpStatus known = HttpStatus.resolve(status);
        String title = known != null ? known.getReasonPhrase() : "HTTP " + status;
        String body = "{\"type\":\"about:blank\",\"title\":\"" + title + "\",\"status\":" + status + ",\"detail\":\""
                + detail(status) + "\"}";
        try {
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(body);
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone, or the response could not be written: nothing left to tell it
        }
    }

    private static String detail(int status) {
        return switch (status) {
            case 400 -> "the request line, a header or the request target is malformed or too large";
            case 404 -> "nothing is mapped to this path";
            case 408 -> "the request did not arrive in time";
            case 413 -> "the request is too large";
            case 505 -> "only HTTP/1.1 and HTTP/1.0 are served";
            default -> "the server could not handle the request";
        };
    }
}
