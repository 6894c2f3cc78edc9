// Navigation for code outside React (the session actor's goToLogin): the router registers itself at start; before
// that, or without a router, a full page load does the job.
type Navigate = (path: string) => void;

let navigator: Navigate = (path) => window.location.assign(path);

export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(path: string): void {
  navigator(path);
}
