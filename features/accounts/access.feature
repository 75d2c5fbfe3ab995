Feature: Who may see and change what
  Each role sees only what it needs. A user cannot look into a provider's staff or the
  registrations waiting for approval, an admin sees only the staff of their own provider,
  and the profile a person reads or changes is always their own.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail                 | role       |
      | Sam    | superadmin@example.com | superadmin |
      | Sunita | admin@example.com      | admin      |
      | Ivan   | incharge@example.com   | incharge   |
      | Asha   | user@example.com       | user       |

  Rule: Private lists are shown only to the roles that need them

    Scenario: A visitor who is not signed in is asked to sign in
      When a visitor who has not signed in asks for the staff list
      Then the visitor is refused with "Please sign in to continue"

    Scenario: A user may not see a provider's staff or the providers waiting for approval
      Given Asha has signed in
      When Asha asks for the staff list
      Then Asha is refused with "You do not have permission to do this"
      When Asha asks for the providers waiting for approval
      Then Asha is refused with "You do not have permission to do this"

    Scenario: An admin sees only the staff of their own provider
      Given Priya has registered "Lotus Physio" as a provider in "Healthcare"
      And Sam has signed in and accepted "Lotus Physio"
      And Sunita has signed in
      And Priya has signed in
      When Sunita asks for the staff list
      Then Sunita sees exactly this staff:
        | e-mail               | role     |
        | admin@example.com    | admin    |
        | incharge@example.com | incharge |
      When Priya asks for the staff list
      Then Priya sees exactly this staff:
        | e-mail              | role  |
        | priya@example.org   | admin |

  Rule: A person's profile can be read and changed only by that person

    Background:
      Given Ben has registered as a user with the name "Ben Okafor"
      And Asha has signed in
      And Ben has signed in

    Scenario: Asking for someone else's profile shows one's own
      When Asha asks for Ben's profile
      Then Asha is shown her own profile, not Ben's

    Scenario: Trying to change someone else's profile changes only one's own
      When Asha tries to rename Ben to "Mallory"
      Then Ben's profile still shows the name "Ben Okafor"
      And Asha's own profile now shows the name "Mallory"

    Scenario: A user cannot take over someone else's e-mail address
      When Asha changes the e-mail address in her profile to Ben's
      Then Asha is told "User already exists"
      And Asha's profile still shows the e-mail "user@example.com"

    Scenario: A user cannot delete someone else's account
      When Asha tries to delete Ben's account
      Then Asha is refused with "You do not have permission to do this"
      And Ben can sign in as a user
