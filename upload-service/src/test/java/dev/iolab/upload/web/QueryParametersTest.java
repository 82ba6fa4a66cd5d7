package dev.iolab.upload.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class QueryParametersTest {

    @Test
    void readsTheFirstValuePercentDecodedAsUtf8() {
        QueryParameters query =
                QueryParameters.of(request("strategy=buffer%2D4k&strategy=ignored&name=a%20%C3%A9.bin"));

        assertThat(query.first("strategy")).isEqualTo("buffer-4k");
        assertThat(query.first("name")).isEqualTo("a é.bin");
    }

    @Test
    void aMissingParameterOrQueryOrValueIsNull() {
        assertThat(QueryParameters.of(request(null)).first("strategy")).isNull();
        assertThat(QueryParameters.of(request("name=a")).first("strategy")).isNull();
        assertThat(QueryParameters.of(request("strategy")).first("strategy")).isNull();
    }

    @Test
    void neverReadsAFormBody() {
        MockHttpServletRequest form = request("name=from-query");
        form.setContentType("application/x-www-form-urlencoded");
        form.setContent("strategy=from-body".getBytes());

        assertThat(QueryParameters.of(form).first("strategy")).isNull();
        assertThat(QueryParameters.of(form).first("name")).isEqualTo("from-query");
    }

    private static MockHttpServletRequest request(String query) {
        MockHttpServletRequest request = new MockHttpServletRequest("PUT", "/uploads/a.bin");
        request.setQueryString(query);
        return request;
    }
}
