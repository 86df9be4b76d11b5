// Pure product rules shared by the web app and the services. No I/O, no framework.
export {};
