package dev.iolab.upload.transfer.body;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.ProblemException;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.SocketException;
import java.util.List;
import org.apache.catalina.connector.ClientAbortException;
import org.apache.commons.fileupload2.core.FileUploadException;
import org.apache.commons.io.IOExceptionList;
import org.junit.jupiter.api.Test;

class BodyFailuresTest {

    @Test
    void answersOurOwnCheckWithItsProblemHoweverDeepItIsWrapped() {
        BodyException tooLarge = new BodyException(UploadProblem.TOO_LARGE, "the body exceeds the limit of 10 bytes");
        IOException collected = new IOExceptionList(List.of(new IOException("other"), tooLarge));
        ProblemException problem =
                BodyFailures.asProblem(new UncheckedIOException(new IOException("sdk", collected)), 11);
        assertThat(problem.problem()).isEqualTo(UploadProblem.TOO_LARGE);
        assertThat(problem).hasMessage("the body exceeds the limit of 10 bytes");
    }

    @Test
    void answersAnEarlyEndOfStreamAsAnIncompleteBodyWithTheBytesReceived() {
        ProblemException problem =
                BodyFailures.asProblem(new ClientAbortException(new EOFException("Unexpected EOF")), 500);
        assertThat(problem.problem()).isEqualTo(UploadProblem.INCOMPLETE_BODY);
        assertThat(problem).hasMessageContaining("after 500 bytes");
        assertThat(BodyFailures.asProblem(new EOFException(), -1)).hasMessage("the body ended early");
    }

    @Test
    void answersAMalformedEnvelopeAsMultipartShape() {
        ProblemException problem =
                BodyFailures.asProblem(new IOException(new FileUploadException("Stream ended unexpectedly")), -1);
        assertThat(problem.problem()).isEqualTo(UploadProblem.MULTIPART_SHAPE);
        assertThat(problem).hasMessageContaining("Stream ended unexpectedly");
    }

    @Test
    void answersAnyOtherReadFailureAsAClientThatWentAway() {
        ProblemException problem =
                BodyFailures.asProblem(new ClientAbortException(new SocketException("Connection reset")), 3);
        assertThat(problem.problem()).isEqualTo(UploadProblem.CLIENT_ABORTED);
        assertThat(problem.getCause()).isInstanceOf(ClientAbortException.class);
    }
}
