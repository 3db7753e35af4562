// e2e tests talk to a real API server (and some start their own control plane): allow a minute per test.
jest.setTimeout(60_000);
