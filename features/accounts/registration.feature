Feature: Registering an account
  People register as a user to book appointments, or register their business as a provider
  to offer services. A user confirms their e-mail address through a link we send them. A
  provider waits until the platform team has reviewed the application.

  Rule: A person registers as a user with a name, an e-mail address, a phone number and a confirmed password

    Scenario: A person registers as a user and can sign in
      When Asha registers as a user
      Then Asha is told "User created successfully"
      And Asha can sign in as a user

    Scenario Outline: A registration with a mistake is refused and says what to fix
      When Asha registers as a user with the <field> "<value>"
      Then Asha's registration is refused with "<message>" on the <field>
      And no account has been created

      Examples:
        | field                 | value          | message                                 |
        | name                  | A              | Name must be at least 2 characters      |
        | e-mail                | asha@example   | Invalid email address                   |
        | phone                 | 555-0199       | Phone number must be at least 10 digits |
        | password              | short1         | Password must be at least 8 characters  |
        | password confirmation | something-else | Passwords don't match                   |

  Rule: One e-mail address holds one account

    Scenario: Registering again with an e-mail address that is taken is refused
      Given Asha has registered as a user with the e-mail "asha@example.org"
      When Ben registers as a user with the e-mail "asha@example.org"
      Then Ben is told "User already exists"
      And Ben cannot sign in with the e-mail "asha@example.org"
      But Asha can sign in as a user

    Scenario: The same address written in capitals is still the same address
      Given Asha has registered as a user with the e-mail "asha@example.org"
      When Ben registers as a user with the e-mail "ASHA@Example.ORG"
      Then Ben is told "User already exists"

  Rule: A new user confirms their e-mail address with the link we send

    Scenario: A new user receives a confirmation e-mail and confirms the address
      When Asha registers as a user
      Then Asha receives an e-mail "Confirm your e-mail address" with a confirmation link
      And Asha's e-mail address is not yet confirmed
      When Asha follows the confirmation link
      Then Asha is taken to the sign-in page
      And Asha's e-mail address is confirmed

    Scenario: A confirmation link that has been tampered with is refused
      Given Asha registers as a user
      And Asha has received her confirmation e-mail
      When Asha follows the confirmation link with its code altered
      Then Asha is told "This verification link is invalid or has expired"
      And Asha's e-mail address is not yet confirmed

  Rule: A business registers as a provider and waits for the platform team's approval

    Scenario: A new provider waits for approval
      Given the demo accounts exist, among them:
        | person | e-mail              | role    |
        | Sue    | support@example.com | support |
      When Priya registers "Lotus Physio" as a provider in "Healthcare"
      Then Priya is told "User created successfully"
      And Priya receives an e-mail "We received your provider application" with a confirmation link
      And Priya cannot sign in yet: "Your provider registration is still being reviewed"
      When Sue signs in
      Then Sue sees "Lotus Physio" from Priya in "Healthcare" waiting for approval

    Scenario Outline: A provider registration with a mistake is refused and says what to fix
      When Priya registers a provider with the <field> "<value>"
      Then Priya's registration is refused with "<message>" on the <field>
      And no account has been created

      Examples:
        | field                 | value          | message                                     |
        | business name         | L              | Business name must be at least 2 characters |
        | industry              |                | Please select an industry                   |
        | industry              | Astrology      | Please select an industry                   |
        | address               | Main St 1      | Please provide a complete address           |
        | phone                 | 12345          | Phone number must be at least 10 digits     |
        | password confirmation | something-else | Passwords don't match                       |
