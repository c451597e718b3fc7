// The account page: a new password, signing out everywhere, deleting the account (the export is a link).
import { api } from "./api.js";

function show(id, message) {
  const box = document.getElementById(id);
  box.textContent = message;
  box.hidden = !message;
}

document.getElementById("signout-everywhere")?.addEventListener("click", async () => {
  try {
    await api("POST", "/api/auth/logout-everywhere");
    location.href = "/";
  } catch (error) {
    show("everywhere-error", error.message);
  }
});

const passwordForm = document.getElementById("password-form");
passwordForm?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(passwordForm);
  document.getElementById("password-done").hidden = true;
  try {
    await api("POST", "/api/account/password", {
      current_password: form.get("current_password"),
      new_password: form.get("new_password"),
    });
    show("password-error", "");
    passwordForm.reset();
    document.getElementById("password-done").hidden = false;
  } catch (error) {
    show("password-error", error.message);
  }
});

const deleteForm = document.getElementById("delete-form");
deleteForm?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(deleteForm);
  try {
    await api("DELETE", "/api/account", { password: form.get("password") });
    location.href = "/account/deleted"; // a page that says the account is deleted
  } catch (error) {
    show("delete-error", error.message);
  }
});
