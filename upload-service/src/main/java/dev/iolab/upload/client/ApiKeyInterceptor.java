package dev.iolab.upload.client;

import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.WebProblem;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.HandlerInterceptor;

/** When {@code upload.api-key} is set, {@code /uploads/**} needs {@code Authorization: Bearer <key>} (else 401). */
final class ApiKeyInterceptor implements HandlerInterceptor {

    private final byte[] expected;

    ApiKeyInterceptor(String apiKey) {
        this.expected = ("Bearer " + apiKey).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || !MessageDigest.isEqual(expected, header.getBytes(StandardCharsets.UTF_8))) {
            throw new ProblemException(WebProblem.UNAUTHORIZED, "send Authorization: Bearer <upload.api-key>");
        }
        return true;
    }
}
