package dev.iolab.upload.client;

import dev.iolab.upload.web.ProblemException;

/** Root of the refusals of a client as such, each answered with its {@link ClientProblem}. */
public class ClientException extends ProblemException {

    ClientException(ClientProblem problem, String detail) {
        super(problem, detail);
    }
}
