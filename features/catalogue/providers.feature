Feature: Providers in the catalogue
  Providers are grouped by industry. The platform team can add a provider directly, which makes
  it active at once, and sees every provider whatever its status. Users browse only active
  providers, narrowing the list by industry, by a place named in the address and by name, and
  open a provider to see the services it offers.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail                 | role       |
      | Sam    | superadmin@example.com | superadmin |
      | Sue    | support@example.com    | support    |
      | Sunita | admin@example.com      | admin      |
      | Asha   | user@example.com       | user       |

  Rule: Providers belong to one of four industries, and each can be browsed

    Scenario: The industries offered
      Given Asha has signed in
      When Asha asks for the industries
      Then Asha is offered these industries:
        | industry   | id         | icon |
        | Healthcare | healthcare | 🩺   |
        | Fitness    | fitness    | 💪   |
        | Office     | office     | 🏢   |
        | Other      | other      | 🧩   |

  Rule: A superadmin adds providers, which are active at once

    Scenario: The superadmin adds a provider without a picture
      Given Sam has signed in
      When Sam adds this provider:
        | name        | Lotus Physio                                                                     |
        | e-mail      | lotus@example.org                                                                |
        | phone       | 4842555012                                                                       |
        | industry    | Healthcare                                                                       |
        | address     | 14 Marine Drive, Kochi, Kerala 682031                                            |
        | description | Physiotherapy for sports injuries and back pain.                                 |
        | services    | Physiotherapy Session (45 minutes, ₹30.00); Posture Check (15 minutes, ₹0.00)          |
        | specialties | Sports injuries, Back pain                                                       |
      Then Sam is told "Provider created successfully"
      And Sam is shown the new provider "Lotus Physio", active, offering:
        | service               | minutes | price | payment needed |
        | Physiotherapy Session | 45      | ₹30.00   | yes            |
        | Posture Check         | 15      | ₹0.00    | no             |
      And Sam sees "Lotus Physio" in the provider list, active, with the specialties "Sports injuries, Back pain"
      Given Asha has signed in
      When Asha looks for providers with the industry "Healthcare", the location "Kochi" and the search ""
      Then Asha finds "Lotus Physio"
      When Asha opens the provider "Lotus Physio"
      Then Asha sees "Lotus Physio" in "Healthcare" at "14 Marine Drive, Kochi, Kerala 682031" with these services:
        | service               | minutes | price |
        | Physiotherapy Session | 45      | ₹30.00   |
        | Posture Check         | 15      | ₹0.00    |

    Scenario Outline: The Add Provider form with a mistake in the <field> is refused
      Given Sam has signed in
      When Sam adds a provider with the <field> "<value>"
      Then Sam's provider is refused with "<message>" on the <field>
      And Sam does not see "Lotus Physio" in the provider list

      Examples:
        | field    | value             | message                                 |
        | name     |                   | Provider name is required               |
        | e-mail   | lotus@example     | Invalid email address                   |
        | phone    | 484255            | Phone number must be at least 10 digits |
        | industry |                   | Industry is required                    |
        | industry | Shipping          | Industry is required                    |
        | address  |                   | Address is required                     |
        | services |                   | At least one service is required        |

    Scenario: A file that is not a picture is refused, whatever its name
      Given Sam has signed in
      When Sam adds a provider with a text file named "logo.png" as its image
      Then Sam is told "Please select a valid image file."
      And Sam does not see "Lotus Physio" in the provider list

    Scenario: Only the superadmin may add a provider
      Given Sue has signed in
      When Sue adds a provider with the name "Lotus Physio"
      Then Sue is refused with "You do not have permission to do this"
      And Sue does not see "Lotus Physio" in the provider list

  Rule: Platform staff see every provider; users browse the active ones

    Scenario: The superadmin and support see every provider, also the one waiting for approval
      Given Sam has signed in
      And Sue has signed in
      Then Sam sees these providers in the provider list:
        | provider             | industry   | status  | e-mail             |
        | Downtown Cowork Hub  | Office     | active  | cowork@example.com |
        | Harbor Fitness       | Fitness    | pending | harbor@example.com |
        | Peak Performance Gym | Fitness    | active  | peak@example.com   |
        | Sunrise Clinic       | Healthcare | active  | admin@example.com  |
        | Thrissur Dental Care | Healthcare | active  | dental@example.com |
      And Sue sees these providers in the provider list:
        | provider             | status  |
        | Downtown Cowork Hub  | active  |
        | Harbor Fitness       | pending |
        | Peak Performance Gym | active  |
        | Sunrise Clinic       | active  |
        | Thrissur Dental Care | active  |

    Scenario: A user does not get the platform's provider list
      Given Asha has signed in
      When Asha asks for the provider list
      Then Asha is refused with "You do not have permission to do this"

    Scenario Outline: A user narrows the providers by industry, place and name
      Given Asha has signed in
      When Asha looks for providers with the industry "<industry>", the location "<location>" and the search "<search>"
      Then Asha finds <found>

      Examples:
        | industry   | location | search    | found                                                                                  |
        |            |          |           | "Downtown Cowork Hub", "Peak Performance Gym", "Sunrise Clinic" and "Thrissur Dental Care" |
        | Healthcare |          |           | "Sunrise Clinic" and "Thrissur Dental Care"                                            |
        | Healthcare | Palakkad |           | "Sunrise Clinic"                                                                       |
        | healthcare | palakkad |           | "Sunrise Clinic"                                                                       |
        | Healthcare | Pala     |           | no provider                                                                            |
        | Office     | Palakkad |           | no provider                                                                            |
        |            |          | sunr      | "Sunrise Clinic"                                                                       |
        |            | Kerala   | CLINIC    | "Sunrise Clinic"                                                                       |
        | Fitness    |          |           | "Peak Performance Gym"                                                                 |
        |            | Miami    |           | no provider                                                                            |
        |            |          | harbor    | no provider                                                                            |

  Rule: A provider's page shows its services

    Scenario: A user opens an active provider
      Given Asha has signed in
      When Asha opens the provider "Sunrise Clinic"
      Then Asha sees "Sunrise Clinic" in "Healthcare" at "12 Stadium Road, Palakkad, Kerala 678001" with these services:
        | service              | minutes | price |
        | General Consultation | 30      | ₹50.00   |
        | Follow-up Visit      | 15      | ₹0.00    |

    Scenario: An admin opens their own provider by their account id
      Given Sunita has signed in
      When Sunita opens her own provider by her account id
      Then Sunita sees "Sunrise Clinic" in "Healthcare" at "12 Stadium Road, Palakkad, Kerala 678001" with these services:
        | service              | minutes | price |
        | General Consultation | 30      | ₹50.00   |
        | Follow-up Visit      | 15      | ₹0.00    |

    Scenario: A provider that does not exist cannot be opened
      Given Asha has signed in
      When Asha opens a provider that does not exist
      Then Asha is told "Provider not found"
      And Asha is shown no provider

    Scenario: A user cannot open a provider waiting for approval, platform staff can
      Given Asha has signed in
      And Sue has signed in
      When Asha opens the provider "Harbor Fitness"
      Then Asha is told "Provider not found"
      And Asha is shown no provider
      When Sue opens the provider "Harbor Fitness"
      Then Sue sees "Harbor Fitness" in "Fitness" at "200 Ocean Drive, Miami, FL 33139" with these services:
        | service |
